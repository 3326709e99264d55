import type { Locale } from '@opwire/core';
import { aiErrors } from './ai-errors.js';
import { type ToolErrorResult, toToolErrorResult } from './tool-result.js';

/** How much a turn lets a model ask of its tools. */
export interface ToolLimits {
  /** Tool calls run per model step; the ones past it get an error result (8 by default). */
  readonly toolCallsPerStep: number;
  /** Tool calls run per turn, all steps together (24 by default). */
  readonly toolCallsPerTurn: number;
  /** The largest arguments a call may carry, in bytes of JSON (64 KiB by default). */
  readonly argumentBytes: number;
  /** The deepest nesting of arguments a call may carry (32 by default). */
  readonly argumentDepth: number;
}

/** The limits a chat uses unless configured otherwise. */
export const defaultToolLimits: ToolLimits = Object.freeze({
  toolCallsPerStep: 8,
  toolCallsPerTurn: 24,
  argumentBytes: 64 * 1024,
  argumentDepth: 32,
});

/**
 * One turn's gate in front of its tools: arguments past the bounds are replaced before the AI SDK parses
 * them, and calls past the caps get an error result instead of running; the turn goes on either way.
 */
export class ToolGate {
  private inStep = 0;
  private inTurn = 0;
  private readonly oversized = new Map<string, string>();

  constructor(
    readonly limits: ToolLimits,
    private readonly locale: Locale,
  ) {}

  /** Starts counting a new model step. */
  nextStep(): void {
    this.inStep = 0;
  }

  /**
   * A provider's raw arguments (JSON text) as the SDK may parse them: unchanged within the bounds, else
   * `{}`, with the call remembered so it gets `TOOL_ARGUMENTS_TOO_LARGE` instead of running.
   */
  boundArguments(toolCallId: string, toolName: string, input: string): string {
    if (
      Buffer.byteLength(input) <= this.limits.argumentBytes &&
      jsonDepth(input) <= this.limits.argumentDepth
    ) {
      return input;
    }
    this.oversized.set(toolCallId, toolName);
    return '{}';
  }

  /** The error result a call gets instead of running, or `undefined` when it may run (and is counted). */
  admit(toolCallId: string, toolName: string): ToolErrorResult | undefined {
    if (this.oversized.has(toolCallId)) {
      const { argumentBytes, argumentDepth } = this.limits;
      return toToolErrorResult(
        aiErrors.TOOL_ARGUMENTS_TOO_LARGE({
          params: { toolName, maxBytes: argumentBytes, maxDepth: argumentDepth },
        }),
        this.locale,
      );
    }
    this.inStep++;
    this.inTurn++;
    if (this.inStep > this.limits.toolCallsPerStep) return this.refuse(this.limits.toolCallsPerStep, 'step');
    if (this.inTurn > this.limits.toolCallsPerTurn) return this.refuse(this.limits.toolCallsPerTurn, 'turn');
    return undefined;
  }

  private refuse(limit: number, scope: 'step' | 'turn'): ToolErrorResult {
    return toToolErrorResult(
      aiErrors.TOOL_CALL_LIMIT_REACHED({ params: { limit }, data: { scope } }),
      this.locale,
    );
  }
}

/** Checks a chat's tool limits at startup. */
export function checkToolLimits(limits: ToolLimits): string | undefined {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) return `limits.${name} must be a whole number ≥ 1`;
  }
  return undefined;
}

/** The deepest nesting of objects and arrays in JSON text, outside strings, without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 92)
        index++; // a backslash escapes the next character
      else if (character === 34) inString = false;
    } else if (character === 34) inString = true;
    else if (character === 123 || character === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (character === 125 || character === 93) depth--;
  }
  return deepest;
}
