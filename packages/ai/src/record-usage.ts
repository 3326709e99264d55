import type { Logger } from '@opwire/core';
import type { LanguageModelUsage } from 'ai';
import type { TurnUsage, UsageLedger } from './usage-ledger.js';

/** Hands a turn's usage to the ledger and the hook; a failure is logged and never breaks the reply. */
export async function recordUsage(
  config: {
    readonly usage: UsageLedger | undefined;
    readonly onUsage: ((usage: TurnUsage) => void | Promise<void>) | undefined;
    readonly logger: Logger;
  },
  row: TurnUsage,
): Promise<void> {
  for (const sink of [config.usage?.record.bind(config.usage), config.onUsage]) {
    if (!sink) continue;
    try {
      await sink(row);
    } catch (error) {
      config.logger.error('usage recording failed', { turnId: row.turnId, error });
    }
  }
}

/** Token counts summed over a turn's steps (missing counts count as zero). */
export function sumUsage(usages: readonly LanguageModelUsage[]) {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const usage of usages) {
    inputTokens += usage.inputTokens ?? 0;
    outputTokens += usage.outputTokens ?? 0;
  }
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}
