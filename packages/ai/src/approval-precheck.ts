import { type AnyOperation, closeSchema, compileValidator, type Validator } from '@opwire/core';

/** Request validators of operations that need approval, compiled once however often they are asked for. */
const prechecks = new WeakMap<AnyOperation, Validator>();

/** The closed request validator an approval checks arguments with before it is created (one per operation). */
export function approvalPrecheckOf(operation: AnyOperation): Validator {
  let precheck = prechecks.get(operation);
  if (!precheck) {
    precheck = compileValidator(closeSchema(operation.request));
    prechecks.set(operation, precheck);
  }
  return precheck;
}
