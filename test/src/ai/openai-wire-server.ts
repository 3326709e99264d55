import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderConfig } from '@opwire/ai';

/** A tool call in a scripted reply; `arguments` is the raw text a model would send. */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** One scripted answer of the fake OpenAI server, used for the next request. */
export type ScriptedReply =
  | {
      readonly kind: 'reply';
      readonly text?: string;
      readonly toolCalls?: ScriptedToolCall[];
      readonly usage?: [number, number];
      /** The model the answer names (a dated id, say); the requested one by default. */
      readonly model?: string;
      /** Answers only once this resolves (a slow model). */
      readonly after?: Promise<void>;
    }
  | { readonly kind: 'status'; readonly status: number; readonly message: string }
  /** Streams the text slowly, one chunk every `delayMs`, and never finishes unless the client goes away. */
  | { readonly kind: 'hang'; readonly chunks: string[]; readonly delayMs: number }
  /**
   * Streams `before`, waits for `release` (the test resolves it), then streams `after` and finishes as `reply`
   * does; if the client goes away first, `disconnected` resolves.
   */
  | {
      readonly kind: 'held';
      readonly before: string;
      readonly after: string;
      readonly release: Promise<void>;
    }
  /** Never answers, not even headers, until the client goes away. */
  | { readonly kind: 'silent' }
  /** Streams the text, then ends the response without a finish reason, usage or `[DONE]` (a dropped stream). */
  | { readonly kind: 'cut'; readonly text: string };

/** A local server speaking the OpenAI Chat Completions wire format (JSON and SSE), scripted per test. */
export interface OpenAIWireServer {
  readonly baseURL: string;
  /** The provider configuration that points a chat at this server, asking for `model` (`gpt-test` by default). */
  provider(model?: string): Extract<ProviderConfig, { type: 'openai' }>;
  /** The JSON bodies received, in order. */
  readonly requests: Array<Record<string, any>>;
  script(...replies: ScriptedReply[]): void;
  /**
   * Resolves when a client closed a hanging stream: the one the newest `script` with a `hang`, `held` or `silent` reply
   * asked for (each such `script` starts waiting anew, so a file's tests do not see an earlier one's).
   */
  readonly disconnected: Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake server on 127.0.0.1 and a free port. */
export async function startOpenAIWireServer(): Promise<OpenAIWireServer> {
  const queue: ScriptedReply[] = [];
  const requests: Array<Record<string, any>> = [];
  let onDisconnect = () => {};
  const waitForDisconnect = () =>
    new Promise<void>((resolve) => {
      onDisconnect = resolve;
    });
  let disconnected = waitForDisconnect();
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Record<string, any>;
    requests.push(body);
    const reply = queue.shift();
    if (!reply) return send(response, 500, { error: { message: 'no scripted reply left' } });
    if (reply.kind === 'status')
      return send(response, reply.status, { error: { message: reply.message, type: 'server_error' } });
    if (reply.kind === 'hang') return hang(response, body, reply, onDisconnect);
    if (reply.kind === 'silent') return void response.on('close', onDisconnect);
    if (reply.kind === 'held') return held(response, body, reply, onDisconnect);
    if (reply.kind === 'cut') return cut(response, body, reply.text);
    await reply.after;
    if (body.stream) return stream(response, { ...body, model: reply.model ?? body.model }, reply);
    return send(response, 200, completion(body, reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}/v1`;
  return {
    baseURL,
    provider: (model = 'gpt-test') => ({ type: 'openai', baseURL, apiKey: 'test', model }),
    requests,
    script: (...replies) => {
      if (replies.some((reply) => reply.kind === 'hang' || reply.kind === 'held' || reply.kind === 'silent'))
        disconnected = waitForDisconnect();
      queue.push(...replies);
    },
    get disconnected() {
      return disconnected;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const usageOf = (reply: { usage?: [number, number] }) => {
  const [prompt, completion] = reply.usage ?? [11, 7];
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

function completion(body: Record<string, any>, reply: Extract<ScriptedReply, { kind: 'reply' }>) {
  const toolCalls = reply.toolCalls ?? [];
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model ?? body.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text ?? null,
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageOf(reply),
  };
}

function chunk(body: Record<string, any>, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1,
    model: body.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function stream(
  response: ServerResponse,
  body: Record<string, any>,
  reply: Extract<ScriptedReply, { kind: 'reply' }>,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const write = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  write(chunk(body, { role: 'assistant', content: '' }));
  for (const word of (reply.text ?? '').split(/(?<= )/).filter(Boolean))
    write(chunk(body, { content: word }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    write(
      chunk(body, {
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    const half = Math.ceil(call.arguments.length / 2);
    for (const piece of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
      if (piece) write(chunk(body, { tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  endStream(response, body, (reply.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop', reply);
}

/** Ends a streamed answer as OpenAI does: the finish reason, a chunk with the usage, then `[DONE]`. */
function endStream(
  response: ServerResponse,
  body: Record<string, any>,
  finishReason: string,
  reply: { usage?: [number, number] },
) {
  const write = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  write(chunk(body, {}, finishReason));
  write({
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1,
    model: body.model,
    choices: [],
    usage: usageOf(reply),
  });
  response.end('data: [DONE]\n\n');
}

function hang(
  response: ServerResponse,
  body: Record<string, any>,
  reply: Extract<ScriptedReply, { kind: 'hang' }>,
  onDisconnect: () => void,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  let index = 0;
  const timer = setInterval(() => {
    const text = reply.chunks[index % reply.chunks.length] ?? '.';
    index += 1;
    response.write(`data: ${JSON.stringify(chunk(body, { content: text }))}\n\n`);
  }, reply.delayMs);
  response.on('close', () => {
    clearInterval(timer);
    onDisconnect();
  });
}

function held(
  response: ServerResponse,
  body: Record<string, any>,
  reply: Extract<ScriptedReply, { kind: 'held' }>,
  onDisconnect: () => void,
) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const write = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const words = (text: string) => text.split(/(?<= )/).filter(Boolean);
  write(chunk(body, { role: 'assistant', content: '' }));
  for (const word of words(reply.before)) write(chunk(body, { content: word }));
  let finished = false;
  response.on('close', () => {
    if (!finished) onDisconnect();
  });
  void reply.release.then(() => {
    if (response.destroyed) return;
    for (const word of words(reply.after)) write(chunk(body, { content: word }));
    finished = true;
    endStream(response, body, 'stop', {});
  });
}

function cut(response: ServerResponse, body: Record<string, any>, text: string) {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const word of text.split(/(?<= )/).filter(Boolean)) {
    response.write(`data: ${JSON.stringify(chunk(body, { content: word }))}\n\n`);
  }
  response.end();
}
