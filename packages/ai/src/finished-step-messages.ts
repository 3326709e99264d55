import type { ModelMessage, StepResult, ToolSet } from 'ai';

/**
 * The messages a failed turn keeps of its steps: all of a step that finished, and of one the provider cut off
 * (`interrupted`, `error`) only the calls that ran, with their results, never its unfinished text.
 */
export function finishedStepMessages(steps: readonly StepResult<ToolSet>[]): ModelMessage[] {
  return steps.flatMap((step) =>
    step.finishReason === 'interrupted' || step.finishReason === 'error'
      ? callsThatRan(step.response.messages)
      : step.response.messages,
  );
}

/** The tool calls of a step's messages that have a result, and those results. */
function callsThatRan(messages: readonly ModelMessage[]): ModelMessage[] {
  const answered = new Set(
    messages.flatMap((message) =>
      message.role === 'tool'
        ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : []))
        : [],
    ),
  );
  return messages.flatMap((message): ModelMessage[] => {
    if (message.role === 'tool') return [message];
    if (message.role !== 'assistant' || typeof message.content === 'string') return [];
    const calls = message.content.filter(
      (part) => part.type === 'tool-call' && answered.has(part.toolCallId),
    );
    return calls.length === 0 ? [] : [{ ...message, content: calls }];
  });
}
