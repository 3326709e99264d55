import type {
  LanguageModelV4,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ToolGate } from './tool-gate.js';

/**
 * A model whose tool calls pass the turn's gate before the AI SDK sees them: arguments past the size or
 * depth bound are replaced by `{}` (the call then gets `TOOL_ARGUMENTS_TOO_LARGE`), so a model's
 * 2,000-deep arguments never reach the SDK's parsing and copying. The deltas of such a call are dropped.
 */
export function boundToolArguments(model: LanguageModelV4, gate: ToolGate): LanguageModelV4 {
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(options): Promise<LanguageModelV4GenerateResult> {
      const result = await model.doGenerate(options);
      return {
        ...result,
        content: result.content.map((part) =>
          part.type === 'tool-call'
            ? { ...part, input: gate.boundArguments(part.toolCallId, part.toolName, part.input) }
            : part,
        ),
      };
    },
    async doStream(options): Promise<LanguageModelV4StreamResult> {
      const result = await model.doStream(options);
      const pending = new Map<string, number>();
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            if (part.type === 'tool-input-delta') {
              // Raw deltas are only forwarded while the arguments so far stay within the byte bound.
              const size = (pending.get(part.id) ?? 0) + part.delta.length;
              pending.set(part.id, size);
              if (size > gate.limits.argumentBytes) return;
            }
            controller.enqueue(
              part.type === 'tool-call'
                ? { ...part, input: gate.boundArguments(part.toolCallId, part.toolName, part.input) }
                : part,
            );
          },
        }),
      );
      return { ...result, stream };
    },
  };
}
