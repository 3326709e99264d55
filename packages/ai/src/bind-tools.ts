import type { SpanContext } from '@opentelemetry/api';
import {
  type AnyOperation,
  type Caller,
  coreErrors,
  hasPermission,
  type Locale,
  type Origin,
} from '@opwire/core';
import { jsonSchema, type Tool, type ToolExecutionOptions, type ToolSet, tool } from 'ai';
import { aiErrors } from './ai-errors.js';
import { recordedName } from './governance/turn-event.js';
import { restoreAbsent } from './strict-schema.js';
import type { ToolCatalog, ToolEntry } from './tool-catalog.js';
import { toToolErrorResult } from './tool-result.js';

/** The invocation context a bound tool copies into every call it makes. */
export interface BindOptions {
  readonly conversationId?: string;
  readonly turnId?: string;
  /** Aborts every call (the user pressed stop, or the turn's deadline passed). */
  readonly signal?: AbortSignal;
  /** The chat's span; each tool invocation becomes its child. */
  readonly trace?: SpanContext;
  readonly baggage?: Readonly<Record<string, string>>;
  /** The locale of error messages in tool results; defaults to the caller's. */
  readonly locale?: Locale;
  /** Narrows the offered tools to these names. */
  readonly only?: readonly string[];
  /** Sees every call before it runs and what it returned; may refuse it with an error result. */
  readonly watch?: ToolWatch;
}

/** What a turn learns of its tool calls: each call before it runs (it may refuse it), then its result. */
export interface ToolWatch {
  /** Called before a call runs; an error result returned here is the call's result, and it does not run. */
  call(call: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown }): unknown;
  /** Called with what the call returned: its output, an error result, or a pending approval. */
  result(result: { readonly toolCallId: string; readonly toolName: string; readonly output: unknown }): void;
}

/** Runs one call under a watch: refused calls return their error result, every result is reported. */
async function watched(
  watch: ToolWatch | undefined,
  call: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown },
  run: () => Promise<unknown>,
): Promise<unknown> {
  if (!watch) return run();
  const refused = watch.call(call);
  const output = refused === undefined ? await run() : refused;
  watch.result({ toolCallId: call.toolCallId, toolName: call.toolName, output });
  return output;
}

/** Whether a caller may be offered a catalog entry. */
export function mayCall(entry: ToolEntry, caller: Caller): boolean {
  return entry.permission === undefined || hasPermission(caller, entry.permission);
}

/**
 * Refuses a list of tool names (a chat request's `tools`, on `field`) naming a tool the catalog lacks
 * (`UNKNOWN_TOOL`) or an operation the caller may not call (`PERMISSION_DENIED`, as calling it would answer).
 */
export function checkToolNames(
  catalog: ToolCatalog,
  caller: Caller,
  names: readonly string[],
  field: string,
): void {
  names.forEach((name, index) => {
    const entry = catalog.find(name);
    if (!entry) {
      throw aiErrors.UNKNOWN_TOOL({ field: `${field}[${index}]`, params: { toolName: name } });
    }
    if (!mayCall(entry, caller)) {
      throw coreErrors.PERMISSION_DENIED({
        field: `${field}[${index}]`,
        params: { operation: entry.operation?.id ?? name },
      });
    }
  });
}

/** Binds a catalog to a caller: only the tools the caller may call, each running through `app.invoke`. */
export function bindTools(catalog: ToolCatalog, caller: Caller, options: BindOptions): ToolSet {
  const locale = options.locale ?? caller.locale ?? 'en';
  const only = options.only ? new Set(options.only) : undefined;
  const tools: ToolSet = {};
  for (const entry of catalog.all()) {
    if (only && !only.has(entry.name)) continue;
    if (!mayCall(entry, caller)) continue;
    if (entry.tool) tools[entry.name] = explicitTool(entry.name, entry.tool, options, locale);
    else if (entry.operation)
      tools[entry.name] = operationTool(catalog, entry, entry.operation, caller, options, locale);
  }
  return tools;
}

function operationTool(
  catalog: ToolCatalog,
  entry: ToolEntry,
  operation: AnyOperation,
  caller: Caller,
  options: BindOptions,
  locale: Locale,
) {
  return tool<unknown, unknown, Record<string, never>>({
    description: entry.describe(locale),
    // No `validate`: the pipeline validates, so a model gets the same codes as every other surface.
    inputSchema: jsonSchema<unknown>(entry.input?.schema ?? { type: 'object' }),
    ...(entry.input?.strict ? { strict: true } : {}),
    execute: (rawInput, { toolCallId, abortSignal }) =>
      watched(options.watch, { toolCallId, toolName: entry.name, input: rawInput }, () =>
        runOperation(rawInput, toolCallId, abortSignal),
      ),
  });

  async function runOperation(rawInput: unknown, toolCallId: string, abortSignal: AbortSignal | undefined) {
    const signals = [options.signal, abortSignal].filter((signal): signal is AbortSignal => !!signal);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const input = restoreAbsent(operation.request, rawInput);
    const origin: Origin = {
      surface: 'ai',
      // Audit records keep the call id as text, like the AI audit trail (a NUL becomes U+FFFD).
      toolCallId: recordedName(toolCallId),
      ...(options.conversationId === undefined ? {} : { conversationId: options.conversationId }),
      ...(options.turnId === undefined ? {} : { turnId: options.turnId }),
    };
    const invokeOptions = {
      caller,
      origin,
      locale,
      ...(signal ? { signal } : {}),
      ...(options.trace ? { trace: options.trace } : {}),
      ...(options.baggage ? { baggage: options.baggage } : {}),
    };
    try {
      if (entry.requiresApproval) {
        // Only a call the caller could make waits for approval: another tenant's order is NOT_FOUND here.
        await catalog.app.precheck(operation, input, invokeOptions);
        return await catalog.approvals.request({
          toolCallId,
          toolName: entry.name,
          operation,
          input,
          caller,
          locale,
          ...(options.conversationId === undefined ? {} : { conversationId: options.conversationId }),
          ...(options.turnId === undefined ? {} : { turnId: options.turnId }),
        });
      }
      return await catalog.app.invoke(operation, input, invokeOptions);
    } catch (error) {
      // Only cancellation ends the turn; every other failure is a result the model can read.
      if (signal?.aborted) throw error;
      return toToolErrorResult(error, locale);
    }
  }
}

/** An explicit tool whose failures become error results too, so no thrown detail reaches the model. */
function explicitTool(name: string, explicit: Tool, options: BindOptions, locale: Locale): Tool {
  const execute = explicit.execute;
  if (!execute) return explicit;
  return {
    ...explicit,
    execute: (input: unknown, executionOptions: ToolExecutionOptions<never>) =>
      watched(options.watch, { toolCallId: executionOptions.toolCallId, toolName: name, input }, async () => {
        try {
          return await execute(input, executionOptions);
        } catch (error) {
          if (options.signal?.aborted || executionOptions.abortSignal?.aborted) throw error;
          return toToolErrorResult(error, locale);
        }
      }),
  } as Tool;
}
