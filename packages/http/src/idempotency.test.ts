import { type Caller, createOpwire, defineOperation, idempotency } from '@opwire/core';
import { staticTokens } from '@opwire/core/surface';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['*'] };

/** A public sign-up whose answer carries what was made for its own client, behind `idempotency()`. */
function signUps() {
  let sequence = 0;
  const signUp = defineOperation({
    id: 'signups.create',
    request: Type.Object({ email: Type.String() }),
    response: Type.Object({ id: Type.Integer(), madeFor: Type.String() }),
    expose: ['http'],
    public: true,
    writes: true,
    handle: (_request, context) => {
      const id = ++sequence;
      context.setHeader('location', `/signups/${id}`);
      return { id, madeFor: context.caller?.principalId ?? context.origin.clientAddress ?? 'unknown' };
    },
  });
  const app = createOpwire({ operations: [signUp], use: [idempotency()] });
  const handler = createFetchHandler(app, { authenticate: staticTokens({ 'alice-token': alice }) });
  const post = async (clientAddress: string, headers: Record<string, string> = {}) => {
    const response = await handler(
      new Request('http://shop.test/signups', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'signup-1', ...headers },
        body: JSON.stringify({ email: 'a@example.com' }),
      }),
      { clientAddress },
    );
    return {
      status: response.status,
      location: response.headers.get('location'),
      replayed: response.headers.get('idempotent-replayed'),
      body: await response.json(),
    };
  };
  return { post, created: () => sequence };
}

describe('idempotency() on a public write', () => {
  it('never replays one anonymous client’s answer to another: an anonymous call runs as if it had no key', async () => {
    const { post, created } = signUps();
    const first = await post('203.0.113.1');
    const second = await post('198.51.100.7');
    expect(first).toMatchObject({ replayed: null, body: { id: 1, madeFor: '203.0.113.1' } });
    expect(second).toMatchObject({ replayed: null, body: { id: 2, madeFor: '198.51.100.7' } });
    expect(created()).toBe(2);
  });

  it('still replays a caller’s own repeat, wherever it comes from, with the headers the first answer set', async () => {
    const { post, created } = signUps();
    const token = { authorization: 'Bearer alice-token' };
    const first = await post('203.0.113.1', token);
    const again = await post('198.51.100.7', token);
    const answer = { status: 201, location: '/signups/1', body: { id: 1, madeFor: 'alice' } };
    expect(first).toEqual({ ...answer, replayed: null });
    expect(again).toEqual({ ...answer, replayed: 'true' });
    expect(created()).toBe(1);
  });
});
