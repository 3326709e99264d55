import { type Caller, coreErrors } from '@opwire/core';
import { aiErrors } from './ai-errors.js';
import type { ChatMessage } from './chat-types.js';

/** When a guardrail runs: on the user's messages before the model, or on the reply before the user. */
export type GuardrailStage = 'input' | 'output';

/** What a guardrail sees. */
export interface GuardrailInput {
  readonly caller: Caller;
  readonly messages: readonly ChatMessage[];
  /** The last user message for `input`, the reply for `output`. */
  readonly text: string;
}

/** A guardrail's decision; `undefined` or `{ allow: true }` lets the turn go on. */
export type GuardrailVerdict = { readonly allow: true } | { readonly allow: false; readonly reason: string };

/** A check registered on a chat, run in registration order. */
export interface Guardrail {
  readonly name: string;
  readonly stage: GuardrailStage;
  check(input: GuardrailInput): GuardrailVerdict | undefined | Promise<GuardrailVerdict | undefined>;
}

/** Runs a stage's guardrails in order; the first rejection throws `GUARDRAIL_REJECTED`. */
export async function runGuardrails(
  guardrails: readonly Guardrail[],
  stage: GuardrailStage,
  input: GuardrailInput,
): Promise<void> {
  for (const guardrail of guardrails) {
    if (guardrail.stage !== stage) continue;
    const verdict = await guardrail.check(input);
    if (verdict && !verdict.allow) {
      throw aiErrors.GUARDRAIL_REJECTED({
        params: { guardrail: guardrail.name, stage, reason: verdict.reason },
        data: { guardrail: guardrail.name, stage },
      });
    }
  }
}

/** Checks guardrail declarations at startup: names present and unique, stages known. */
export function checkGuardrails(guardrails: readonly Guardrail[]): void {
  const seen = new Set<string>();
  for (const [index, guardrail] of guardrails.entries()) {
    const fail = (reason: string): never => {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `guardrail #${index}: ${reason}` },
      });
    };
    if (!guardrail.name) fail('has no name');
    if (seen.has(guardrail.name)) fail(`name "${guardrail.name}" is used twice`);
    if (guardrail.stage !== 'input' && guardrail.stage !== 'output')
      fail(`unknown stage "${guardrail.stage}"`);
    if (typeof guardrail.check !== 'function') fail('has no check function');
    seen.add(guardrail.name);
  }
}
