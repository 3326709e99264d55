import { createHash } from 'node:crypto';

const toolNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a name is accepted as a tool name by model providers (`^[A-Za-z0-9_-]{1,64}$`). */
export function isToolName(name: string): boolean {
  return toolNamePattern.test(name);
}

/**
 * The default tool name of an operation: the id with `.` and `-` turned into `_`; a name longer than
 * 64 characters keeps its first 55, then `_` and the first 8 hex digits of the SHA-256 of the full name.
 */
export function toolNameFor(operationId: string): string {
  const name = operationId.replace(/[.-]/g, '_');
  if (name.length <= 64) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 55)}_${digest}`;
}
