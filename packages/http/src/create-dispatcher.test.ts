import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import type { Answer, PlainAnswer } from './answer.js';
import { createDispatcher } from './create-dispatcher.js';
import type { HttpExchange } from './http-options.js';

/** An exchange from an adapter that breaks when the route asks for the body. */
class BreakingExchange implements HttpExchange {
  readonly method = 'POST';
  readonly url = '/notes';
  readonly signal = new AbortController().signal;
  readonly hasBody = true;
  readonly answers: Answer[] = [];

  constructor(readonly headers: Readonly<Record<string, string | undefined>>) {}

  readBody(): void {
    throw new Error('adapter broke');
  }

  respond(answer: Answer): void {
    this.answers.push(answer);
  }
}

function notesDispatcher(logged: unknown[]) {
  const note = defineOperation({
    id: 'notes.create',
    request: Type.Object({ text: Type.String() }),
    response: Type.Object({}),
    expose: ['http'],
    public: true,
    handle: () => ({}),
  });
  return createDispatcher(createOpwire({ operations: [note] }), {
    logger: { error: (message) => logged.push(message), warn: () => undefined },
  });
}

describe('Dispatcher.dispatch', () => {
  it("answers a route that threw with 500 INTERNAL, once, in the client's request id and language", () => {
    const logged: unknown[] = [];
    const exchange = new BreakingExchange({
      'content-type': 'application/json',
      'x-request-id': 'broken-1',
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    notesDispatcher(logged).dispatch(exchange);
    expect(exchange.answers).toHaveLength(1);
    const answer = exchange.answers[0] as PlainAnswer;
    expect(answer.status).toBe(500);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/problem+json',
      'x-request-id': 'broken-1',
      'content-language': 'zh-CN',
    });
    expect(JSON.parse(answer.body as string)).toMatchObject({ code: 'INTERNAL', detail: '发生内部错误。' });
    expect(logged).toEqual(['http dispatch failed']);
  });
});
