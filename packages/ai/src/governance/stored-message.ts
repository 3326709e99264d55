import type { ModelMessage } from 'ai';
import { type JsonValue, toJsonValue } from './json-value.js';

/** Text in a stored message. */
export interface StoredTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** A tool call the model made, as stored. */
export interface StoredToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: JsonValue;
}

/** What a tool returned, in the AI SDK's `ToolResultOutput` forms that are plain JSON. */
export type StoredToolOutput =
  | { readonly type: 'text' | 'error-text'; readonly value: string }
  | { readonly type: 'json' | 'error-json'; readonly value: JsonValue }
  | { readonly type: 'execution-denied'; readonly reason?: string };

/** A tool result, as stored. */
export interface StoredToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: StoredToolOutput;
}

/**
 * A conversation message as stored: the subset of the AI SDK's `ModelMessage` that is plain JSON (user and
 * assistant text, tool calls, tool results), so it goes back to the model unchanged.
 */
export type StoredModelMessage =
  | { readonly role: 'user'; readonly content: string | readonly StoredTextPart[] }
  | {
      readonly role: 'assistant';
      readonly content: string | ReadonlyArray<StoredTextPart | StoredToolCallPart>;
    }
  | { readonly role: 'tool'; readonly content: readonly StoredToolResultPart[] };

/**
 * The storable form of model messages (such as a turn's `response.messages`): system messages, reasoning,
 * files, approval parts and provider options are left out; a message left with nothing is dropped.
 */
export function toStoredMessages(messages: readonly ModelMessage[]): StoredModelMessage[] {
  const stored: StoredModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      if (typeof message.content === 'string') stored.push({ role: 'user', content: message.content });
      else {
        const parts = message.content.flatMap((part) => (part.type === 'text' ? [textPart(part.text)] : []));
        if (parts.length > 0) stored.push({ role: 'user', content: parts });
      }
    } else if (message.role === 'assistant') {
      if (typeof message.content === 'string') {
        stored.push({ role: 'assistant', content: message.content });
        continue;
      }
      const parts = message.content.flatMap((part): Array<StoredTextPart | StoredToolCallPart> => {
        if (part.type === 'text') return [textPart(part.text)];
        if (part.type === 'tool-call' && part.providerExecuted !== true) {
          return [
            {
              type: 'tool-call',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: toJsonValue(part.input),
            },
          ];
        }
        return [];
      });
      if (parts.length > 0) stored.push({ role: 'assistant', content: parts });
    } else if (message.role === 'tool') {
      const parts = message.content.flatMap((part): StoredToolResultPart[] =>
        part.type === 'tool-result'
          ? [
              {
                type: 'tool-result',
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                output: storedOutput(part.output),
              },
            ]
          : [],
      );
      if (parts.length > 0) stored.push({ role: 'tool', content: parts });
    }
  }
  return stored;
}

/** Stored messages as AI SDK `ModelMessage`s, ready to send to a model. */
export function toModelMessages(messages: readonly StoredModelMessage[]): ModelMessage[] {
  return structuredClone(messages) as ModelMessage[];
}

/**
 * Makes a window of history safe to send: it starts at a user message, and every tool call has its result
 * and every result its call (a window cut, or a turn stopped between the two, leaves such orphans).
 */
export function repairHistory(messages: readonly StoredModelMessage[]): StoredModelMessage[] {
  const firstUser = messages.findIndex((message) => message.role === 'user');
  const window = firstUser < 0 ? [] : messages.slice(firstUser);
  const calls = new Set<string>();
  const results = new Set<string>();
  for (const message of window) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.add(part.toolCallId);
      if (part.type === 'tool-result') results.add(part.toolCallId);
    }
  }
  const repaired: StoredModelMessage[] = [];
  for (const message of window) {
    if (message.role === 'assistant' && typeof message.content !== 'string') {
      const content = message.content.filter(
        (part) => part.type !== 'tool-call' || results.has(part.toolCallId),
      );
      if (content.length > 0) repaired.push({ role: 'assistant', content });
    } else if (message.role === 'tool') {
      const content = message.content.filter((part) => calls.has(part.toolCallId));
      if (content.length > 0) repaired.push({ role: 'tool', content });
    } else repaired.push(message);
  }
  return repaired;
}

function textPart(text: string): StoredTextPart {
  return { type: 'text', text };
}

type ModelToolOutput = Extract<
  Extract<ModelMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

function storedOutput(output: ModelToolOutput): StoredToolOutput {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { type: output.type, value: output.value };
    case 'json':
    case 'error-json':
      return { type: output.type, value: toJsonValue(output.value) };
    case 'execution-denied':
      return output.reason === undefined
        ? { type: 'execution-denied' }
        : { type: 'execution-denied', reason: output.reason };
    default: {
      // Rich content (text and files): the text is kept, files are not stored.
      const texts = output.value.flatMap((item) => (item.type === 'text' ? [item.text] : []));
      return { type: 'text', value: texts.join('\n') };
    }
  }
}
