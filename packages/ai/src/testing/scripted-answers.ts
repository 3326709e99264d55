import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';

/** Usage in the provider format, for scripted model answers in tests. */
export function usage(input: number, output: number): LanguageModelV4GenerateResult['usage'] {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** A scripted answer that calls tools (arguments given as raw JSON text, as models send them). */
export function callTools(
  calls: Array<{ id: string; name: string; input: string }>,
  tokens: [number, number] = [10, 5],
): LanguageModelV4GenerateResult {
  return {
    content: calls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id,
      toolName: call.name,
      input: call.input,
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: usage(...tokens),
    warnings: [],
  };
}

/** A scripted final text answer. */
export function answer(text: string, tokens: [number, number] = [20, 8]): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: usage(...tokens),
    warnings: [],
  };
}
