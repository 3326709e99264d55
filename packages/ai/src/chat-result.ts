import type { Locale } from '@opwire/core';
import type { StepResult, ToolSet } from 'ai';
import type { ChatStep, PendingApprovalSummary } from './chat-types.js';
import { type ToolErrorResult, toToolErrorResult } from './tool-result.js';

/**
 * The steps of a turn as clients see them; invalid calls carry Opwire's error result, and any other
 * failed call the error result of what it threw, in `locale`.
 */
export function toChatSteps(
  steps: ReadonlyArray<StepResult<ToolSet>>,
  invalid: ReadonlyMap<string, ToolErrorResult>,
  locale: Locale,
): ChatStep[] {
  return steps
    .map((step) => {
      const toolResults: ChatStep['toolResults'] = [];
      for (const part of step.content) {
        if (part.type === 'tool-result') {
          toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output });
        } else if (part.type === 'tool-error') {
          const output = invalid.get(part.toolCallId) ?? toToolErrorResult(part.error, locale);
          toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, output });
        }
      }
      return {
        toolCalls: step.toolCalls.map((call) => ({
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: call.input,
        })),
        toolResults,
      };
    })
    .filter((step) => step.toolCalls.length > 0 || step.toolResults.length > 0);
}

/** The approvals a turn left pending, read from its tool results. */
export function pendingApprovalsOf(steps: readonly ChatStep[]): PendingApprovalSummary[] {
  const pending: PendingApprovalSummary[] = [];
  for (const step of steps) {
    for (const result of step.toolResults) {
      const approval = (result.output as { approval?: Record<string, unknown> } | undefined)?.approval;
      if (approval?.status !== 'pending') continue;
      pending.push({
        approvalId: String(approval.approvalId),
        toolCallId: result.toolCallId,
        toolName: result.toolName,
        input: approval.input,
        expiresAt: String(approval.expiresAt),
      });
    }
  }
  return pending;
}

const stepLimitNotices = {
  en: (steps: number) =>
    `I stopped after ${steps} steps without finishing this request. Ask me to continue, or narrow the request.`,
  'zh-CN': (steps: number) => `我在 ${steps} 步后停止，尚未完成此请求。请让我继续，或缩小请求范围。`,
} as const;

/** The reply a user gets when a turn ran out of steps, never an empty one. */
export function stepLimitNotice(locale: Locale, steps: number, partialText: string): string {
  const notice = (stepLimitNotices[locale] ?? stepLimitNotices.en)(steps);
  return partialText.trim() ? `${partialText.trim()}\n\n${notice}` : notice;
}
