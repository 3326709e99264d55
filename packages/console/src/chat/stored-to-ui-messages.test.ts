import { describe, expect, it } from 'vitest';
import { createConversationsClient, type StoredMessage } from './conversations-client.js';
import { storedToUiMessages } from './stored-to-ui-messages.js';
import { toolViewOf } from './tool-part.js';

// What `GET /conversations/{id}` returned (oldest first) after a turn that asked to cancel an order (held for
// approval) and looked up a missing one, then the turn that approved the cancel.
const at = '2026-12-02T03:36:48.761Z';
const asked: StoredMessage[] = [
  { sequence: 1, role: 'user', content: 'Cancel my order', turnId: 't1', at },
  {
    sequence: 2,
    role: 'assistant',
    turnId: 't1',
    at,
    content: [
      { type: 'tool-call', toolCallId: 'call_c1', toolName: 'orders_cancel', input: { id: 'ord_1' } },
      { type: 'tool-call', toolCallId: 'call_x', toolName: 'orders_get', input: { id: 'nope' } },
    ],
  },
  {
    sequence: 3,
    role: 'tool',
    turnId: 't1',
    at,
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_c1',
        toolName: 'orders_cancel',
        output: {
          type: 'json',
          value: { approval: { status: 'pending', approvalId: 'ap-1', toolName: 'orders_cancel' } },
        },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_x',
        toolName: 'orders_get',
        output: { type: 'json', value: { error: { code: 'NOT_FOUND', message: 'No such order.' } } },
      },
    ],
  },
  { sequence: 4, role: 'assistant', turnId: 't1', at, content: [{ type: 'text', text: 'Please approve.' }] },
];
const approved: StoredMessage[] = [
  {
    sequence: 5,
    role: 'assistant',
    turnId: 't2',
    at,
    content: [
      { type: 'tool-call', toolCallId: 'call_c1', toolName: 'orders_cancel', input: { id: 'ord_1' } },
    ],
  },
  {
    sequence: 6,
    role: 'tool',
    turnId: 't2',
    at,
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_c1',
        toolName: 'orders_cancel',
        output: { type: 'json', value: { id: 'ord_1', status: 'cancelled' } },
      },
    ],
  },
  { sequence: 7, role: 'assistant', turnId: 't2', at, content: [{ type: 'text', text: 'Cancelled.' }] },
];

interface Card {
  readonly tool: string;
  readonly status: string;
  readonly code: string | undefined;
  readonly approval: string | undefined;
}

/** The texts and cards of each message, as the drawer shows them. */
const cardsOf = (stored: StoredMessage[]) =>
  storedToUiMessages(stored).map((message) =>
    message.parts.flatMap((part): Array<string | Card> => {
      if (part.type === 'text') return [part.text];
      if (part.type !== 'dynamic-tool') return [];
      const view = toolViewOf(part);
      return [{ tool: view.toolName, status: view.status, code: view.errorCode, approval: view.approvalId }];
    }),
  );

describe('storedToUiMessages', () => {
  it('shows a pending approval with its approval and a failed call with its code, as the stream did', () => {
    expect(cardsOf(asked)).toEqual([
      ['Cancel my order'],
      [
        { tool: 'orders_cancel', status: 'pending', code: undefined, approval: 'ap-1' },
        { tool: 'orders_get', status: 'failed', code: 'NOT_FOUND', approval: undefined },
        'Please approve.',
      ],
    ]);
  });

  it('shows an approved call once, done, on the card of the turn that asked', () => {
    expect(cardsOf([...asked, ...approved])).toEqual([
      ['Cancel my order'],
      [
        { tool: 'orders_cancel', status: 'done', code: undefined, approval: undefined },
        { tool: 'orders_get', status: 'failed', code: 'NOT_FOUND', approval: undefined },
        'Please approve.',
      ],
      ['Cancelled.'],
    ]);
    const output = storedToUiMessages([...asked, ...approved])[1]?.parts[0];
    expect(output).toMatchObject({ output: { id: 'ord_1', status: 'cancelled' } });
  });

  it('shows a declined call as declined', () => {
    const declined: StoredMessage = {
      sequence: 6,
      role: 'tool',
      turnId: 't2',
      at,
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_c1',
          toolName: 'orders_cancel',
          output: { type: 'json', value: { approval: { status: 'declined', approvalId: 'ap-1' } } },
        },
      ],
    };
    expect(cardsOf([...asked, approved[0] as StoredMessage, declined])[1]?.[0]).toEqual({
      tool: 'orders_cancel',
      status: 'declined',
      code: undefined,
      approval: undefined,
    });
  });

  it('shows an approval as the server says it stands now: expired or approved with no button, else waiting', async () => {
    // What `GET /conversations/{id}` answers: the messages newest first, and where their approvals stand now.
    const page = (status: string) => ({
      conversation: { id: 'c1' },
      messages: [...asked].reverse(),
      turns: [],
      approvals: [{ approvalId: 'ap-1', status, expiresAt: at }],
    });
    const read = async (status: string) => {
      const client = createConversationsClient({
        fetch: async () => new Response(JSON.stringify(page(status)), { status: 200 }),
      });
      return cardsOf(await client.messages('c1'))[1]?.[0];
    };
    expect(await read('expired')).toEqual({
      tool: 'orders_cancel',
      status: 'expired',
      code: undefined,
      approval: undefined,
    });
    expect(await read('approved')).toMatchObject({ status: 'approved', approval: undefined });
    expect(await read('declined')).toMatchObject({ status: 'declined', approval: undefined });
    expect(await read('pending')).toMatchObject({ status: 'pending', approval: 'ap-1' });
  });
});

describe('a stopped turn', () => {
  const said = (turn?: StoredMessage['turn']): StoredMessage[] => [
    {
      sequence: 1,
      role: 'user',
      content: 'Tell me a long story',
      turnId: 't1',
      at,
      ...(turn ? { turn } : {}),
    },
    {
      sequence: 2,
      role: 'assistant',
      content: [{ type: 'text', text: 'Once upon' }],
      turnId: 't1',
      at,
      ...(turn ? { turn } : {}),
    },
  ];

  it('marks the answer of a turn its user stopped, and no other', () => {
    const stopped = storedToUiMessages(said({ turnId: 't1', outcome: 'stopped', code: 'CANCELLED' }));
    expect(stopped.map((message) => [message.role, message.metadata])).toEqual([
      ['user', undefined],
      ['assistant', { stopped: true }],
    ]);
    // Out of steps is also `stopped`, but the answer says so itself; a completed or unknown turn is not marked.
    for (const turn of [
      { turnId: 't1', outcome: 'stopped' as const },
      { turnId: 't1', outcome: 'completed' as const },
      undefined,
    ]) {
      expect(storedToUiMessages(said(turn)).at(-1)?.metadata).toBeUndefined();
    }
  });

  it('marks the question of a turn stopped or failed before any answer was stored, as the page did then', () => {
    const stopped = { turnId: 't1', outcome: 'stopped' as const, code: 'CANCELLED' };
    const [question] = said(stopped);
    const next: StoredMessage = { sequence: 3, role: 'user', content: 'Another', turnId: 't2', at };
    const answer: StoredMessage = {
      sequence: 4,
      role: 'assistant',
      content: [{ type: 'text', text: 'Sure.' }],
      turnId: 't2',
      at,
    };
    expect(
      storedToUiMessages([question as StoredMessage, next, answer]).map((message) => [
        message.role,
        message.metadata,
      ]),
    ).toEqual([
      ['user', { stopped: true }],
      ['user', undefined],
      ['assistant', undefined],
    ]);
    // A failed turn's lone question says it failed, with its code; once an answer follows (a retry's), neither.
    const failed = said({ turnId: 't1', outcome: 'failed', code: 'PROVIDER_FAILED' })[0] as StoredMessage;
    expect(storedToUiMessages([failed])[0]?.metadata).toEqual({ failed: 'PROVIDER_FAILED' });
    const retried: StoredMessage = { ...answer, sequence: 2, turnId: 't3' };
    expect(storedToUiMessages([failed, retried]).map((message) => message.metadata)).toEqual([
      undefined,
      undefined,
    ]);
    expect(storedToUiMessages([question as StoredMessage, retried])[0]?.metadata).toBeUndefined();
  });
});

describe('a failed turn that ran a call', () => {
  const failed = { turnId: 't1', outcome: 'failed' as const, code: 'PROVIDER_FAILED' };
  const placed: StoredMessage[] = [
    { sequence: 1, role: 'user', content: 'Order one MN-27 monitor', turnId: 't1', at, turn: failed },
    {
      sequence: 2,
      role: 'assistant',
      turnId: 't1',
      at,
      turn: failed,
      content: [
        { type: 'tool-call', toolCallId: 'call_p1', toolName: 'orders_create', input: { sku: 'MN-27' } },
      ],
    },
    {
      sequence: 3,
      role: 'tool',
      turnId: 't1',
      at,
      turn: failed,
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_p1',
          toolName: 'orders_create',
          output: { type: 'json', value: { id: 'ord_1', sku: 'MN-27' } },
        },
      ],
    },
  ];

  it('shows the call under the question and says the answer failed, with its code, until a retry answers on', () => {
    const shown = storedToUiMessages(placed);
    expect(
      shown.map((message) => [message.role, message.parts.map((part) => part.type), message.metadata]),
    ).toEqual([
      ['user', ['text'], undefined],
      ['assistant', ['dynamic-tool'], { failed: 'PROVIDER_FAILED' }],
    ]);
    const retried: StoredMessage = {
      sequence: 4,
      role: 'assistant',
      turnId: 't2',
      at,
      turn: { turnId: 't2', outcome: 'completed' },
      content: [{ type: 'text', text: 'Your monitor is ordered.' }],
    };
    expect(storedToUiMessages([...placed, retried]).map((message) => message.metadata)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('a turn given sources', () => {
  const sources = [
    { sourceId: 'faq-returns', title: 'Returns', url: 'https://shop.example/faq#returns' },
    { sourceId: 'faq-shipping', title: '运费 Shipping' },
  ];
  const turn = { turnId: 't1', outcome: 'completed' as const, sources };

  it('shows them on its answer as the stream sent them: a link as source-url, else source-document', () => {
    const messages = storedToUiMessages([
      { sequence: 1, role: 'user', content: 'Can I return it?', turnId: 't1', at, turn },
      { sequence: 2, role: 'assistant', content: 'Yes, within 30 days [1].', turnId: 't1', at, turn },
    ]);
    expect(messages.map((message) => message.parts)).toEqual([
      [{ type: 'text', text: 'Can I return it?' }],
      [
        {
          type: 'source-url',
          sourceId: 'faq-returns',
          url: 'https://shop.example/faq#returns',
          title: 'Returns',
        },
        {
          type: 'source-document',
          sourceId: 'faq-shipping',
          mediaType: 'text/plain',
          title: '运费 Shipping',
        },
        { type: 'text', text: 'Yes, within 30 days [1].', state: 'done' },
      ],
    ]);
  });

  it('leaves out a turn with nothing else to show, as before', () => {
    const decided = { turnId: 't2', outcome: 'completed' as const, sources };
    const messages = storedToUiMessages([
      ...asked,
      { ...(approved[0] as StoredMessage), turn: decided },
      { sequence: 6, role: 'user', content: 'Thanks', turnId: 't3', at },
    ]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });
});
