import { createHash } from 'node:crypto';

const bytesOf = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
/** RFC 4122's namespace for names that are URLs. */
export const urlNamespace = bytesOf('6ba7b811-9dad-11d1-80b4-00c04fd430c8');

/** An RFC 4122 version 5 UUID (SHA-1 of a namespace and a name). */
export function uuidV5(name: string, space: Buffer): string {
  const hash = createHash('sha1').update(space).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The namespace of every Opwire point id: the UUID v5 of a URL naming it.
const namespace = bytesOf(uuidV5('https://opwire.dev/qdrant/point', urlNamespace));

/**
 * The point id of chunk `<documentId>#<chunkIndex>` of a tenant in one version: deterministic, so a retried
 * write of the same version overwrites its points instead of adding copies.
 */
export function pointId(tenant: string, documentId: string, chunkIndex: number, version: string): string {
  return uuidV5(JSON.stringify([tenant, `${documentId}#${chunkIndex}`, version]), namespace);
}
