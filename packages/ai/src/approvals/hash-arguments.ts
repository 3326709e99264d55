/** SHA-256 of a value's canonical JSON, shared by every surface (approvals here, idempotency in core). */
export { hashArguments } from '@opwire/core/surface';
