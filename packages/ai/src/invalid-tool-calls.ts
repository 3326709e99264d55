import type { SpanContext } from '@opentelemetry/api';
import type { Caller, Locale, Origin } from '@opwire/core';
import { findPoisonedKey, shortPointer } from '@opwire/core/surface';
import { type ModelMessage, NoSuchToolError, type StepResult, type ToolSet } from 'ai';
import { aiErrors } from './ai-errors.js';
import { mayCall } from './bind-tools.js';
import { recordedName } from './governance/turn-event.js';
import { restoreAbsent } from './strict-schema.js';
import type { ToolCatalog } from './tool-catalog.js';
import { type ToolErrorResult, toToolErrorResult } from './tool-result.js';

/** A tool call the AI SDK could not run: a tool not offered, or arguments that are not JSON. */
export interface InvalidToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly error?: unknown;
}

/** What is needed to decide an invalid call the way every other surface would. */
export interface InvalidCallContext {
  readonly catalog: ToolCatalog;
  readonly caller: Caller;
  readonly locale: Locale;
  readonly origin: Omit<Origin, 'toolCallId'>;
  /** The chat's span, so the audit of a refused attempt sits in the turn's trace. */
  readonly trace?: SpanContext;
  readonly signal?: AbortSignal;
  readonly baggage?: Readonly<Record<string, string>>;
}

/**
 * The error result for an invalid call. A catalog operation the caller may not call goes through
 * `invoke` (which refuses it before the handler, and audits the attempt), so the model reads the
 * same code as any other surface (`PERMISSION_DENIED`, or the validation code that comes first); an
 * unknown name is `TOOL_NOT_FOUND`; arguments with a `__proto__` or `constructor.prototype` key are
 * `PROTOTYPE_POISONING` naming it, as over HTTP; other unparsable ones are `MALFORMED_ARGUMENTS`. Nothing runs.
 */
export async function invalidCallResult(
  call: InvalidToolCall,
  context: InvalidCallContext,
): Promise<ToolErrorResult> {
  const unknownTool = NoSuchToolError.isInstance(call.error);
  const found = unknownTool ? context.catalog.find(call.toolName) : undefined;
  if (found?.operation && !mayCall(found, context.caller)) {
    try {
      await context.catalog.app.invoke(found.operation, restoreAbsent(found.operation.request, call.input), {
        caller: context.caller,
        locale: context.locale,
        origin: { ...context.origin, toolCallId: recordedName(call.toolCallId) },
        ...(context.trace ? { trace: context.trace } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        ...(context.baggage ? { baggage: context.baggage } : {}),
      });
    } catch (error) {
      return toToolErrorResult(error, context.locale);
    }
  }
  if (!unknownTool) {
    // The AI SDK refuses JSON that carries `__proto__` or `constructor.prototype` as unparsable; it is JSON, and
    // is answered as HTTP answers such a body, naming the key.
    const poisoned = poisonedKeyOf(call.input);
    if (poisoned !== undefined) {
      return toToolErrorResult(aiErrors.PROTOTYPE_POISONING({ field: poisoned }), context.locale);
    }
  }
  const entry = unknownTool ? aiErrors.TOOL_NOT_FOUND : aiErrors.MALFORMED_ARGUMENTS;
  return toToolErrorResult(entry({ params: { toolName: call.toolName } }), context.locale);
}

/** The pointer of a forbidden key in arguments that are JSON text, or `undefined` (not JSON, or none). */
function poisonedKeyOf(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return undefined;
  }
  const pointer = findPoisonedKey(value);
  return pointer === undefined ? undefined : shortPointer(pointer);
}

/** The invalid calls of a turn's steps. */
export function invalidCallsOf(steps: ReadonlyArray<StepResult<ToolSet>>): InvalidToolCall[] {
  return steps.flatMap(
    (step) =>
      step.toolCalls.filter((call) => 'invalid' in call && call.invalid === true) as InvalidToolCall[],
  );
}

/**
 * A `prepareStep` for `generateText`/`streamText` that replaces the AI SDK's plain-text error for an
 * invalid tool call with Opwire's `{ "error": { "code", "message" } }` result.
 */
export function rewriteInvalidToolCalls(resolve: (call: InvalidToolCall) => Promise<ToolErrorResult>) {
  return async ({ steps, messages }: { steps: Array<StepResult<ToolSet>>; messages: ModelMessage[] }) => {
    const calls = invalidCallsOf(steps);
    if (calls.length === 0) return {};
    const results = new Map(
      await Promise.all(calls.map(async (call) => [call.toolCallId, await resolve(call)] as const)),
    );
    return {
      messages: messages.map((message): ModelMessage => {
        if (message.role !== 'tool') return message;
        const content = message.content.map((part) => {
          const result = part.type === 'tool-result' ? results.get(part.toolCallId) : undefined;
          return result ? { ...part, output: { type: 'json' as const, value: result as never } } : part;
        });
        return { ...message, content };
      }),
    };
  };
}
