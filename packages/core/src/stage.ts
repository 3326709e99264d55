import type { InvocationContext } from './context.js';

/** What an app-defined stage receives: the validated, authorized input and its context. */
export interface StageInput {
  readonly input: unknown;
  readonly context: InvocationContext;
}

/**
 * A step apps add to the pipeline (rate limit, idempotency, ...). Stages run in order after
 * authorization and before the transaction; a stage may answer without calling `next`, or fail
 * with an `OpwireError`, and the invocation is still audited.
 */
export interface Stage {
  readonly name: string;
  run(stage: StageInput, next: () => Promise<unknown>): Promise<unknown>;
}
