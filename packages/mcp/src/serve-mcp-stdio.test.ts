import { PassThrough } from 'node:stream';
import { type Caller, createLogger, createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { serveMcpStdio } from './serve-mcp-stdio.js';
import { createNotesApp, noteCallers } from './test-support.js';

/** A stdio server of the notes app on in-memory streams: write lines to it, read the lines it answers. */
async function serveNotes(caller: Caller = noteCallers.writer, protocolVersion = '2025-06-18') {
  const { app, notes } = createNotesApp();
  const input = new PassThrough();
  const output = new PassThrough();
  const answers: Array<Record<string, any>> = [];
  let buffered = '';
  output.on('data', (chunk) => {
    buffered += String(chunk);
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      answers.push(JSON.parse(buffered.slice(0, newline)));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  });
  const stdio = await serveMcpStdio({ app, caller, input, output });
  const send = (line: string) => input.write(`${line}\n`);
  const answerTo = async (id: number | string | null) => {
    await expect.poll(() => answers.some((answer) => answer.id === id)).toBe(true);
    return answers.find((answer) => answer.id === id) as Record<string, any>;
  };
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  );
  await answerTo(0);
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return { notes, answers, send, answerTo, close: () => stdio.close() };
}

describe('serveMcpStdio', () => {
  it('answers an initialize sent as a notification (no id) -32600 INITIALIZE_NOT_A_REQUEST with id null, as over HTTP', async () => {
    const { answers, send, answerTo, close } = await serveNotes(noteCallers.reader);
    const params = {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    };
    send(JSON.stringify({ jsonrpc: '2.0', method: 'initialize', params }));
    expect(await answerTo(null)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message:
          'The initialize message has no "id": send it as a request, since the session opens with its answer.',
        data: { code: 'INITIALIZE_NOT_A_REQUEST' },
      },
    });
    // The session goes on at the version it negotiated: a batch is still refused as 2025-06-18 has none.
    send(JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]));
    await expect.poll(() => answers.filter((answer) => answer.id === null).length).toBe(2);
    expect(answers.filter((answer) => answer.id === null)[1]?.error.data).toEqual({
      code: 'BATCH_NOT_SUPPORTED',
    });
    send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect((await answerTo(3)).result.tools.length).toBeGreaterThan(0);
    await close();
  });

  it('answers a method the server does not offer -32601 naming it, with data.code, in the caller’s language', async () => {
    const { send, answerTo, close } = await serveNotes();
    send('{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"info"}}');
    expect(await answerTo(4)).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32601,
        message:
          '本 MCP 服务器不提供方法“logging/setLevel”；它在 initialize 响应中的 capabilities 列出了所提供的功能。',
        data: { code: 'METHOD_NOT_FOUND' },
      },
    });
    await close();
  });

  it('refuses a request with a __proto__ or constructor.prototype key as PROTOTYPE_POISONING (-32602), as over HTTP, running nothing', async () => {
    const { notes, send, answerTo, close } = await serveNotes();
    const call = (id: number, args: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"notes_create","arguments":${args}}}`;
    send(call(1, '{"text":"hello","__proto__":{"tag":"work"}}'));
    send(call(2, '{"text":"hello","constructor":{"prototype":{"tag":"work"}}}'));
    expect(await answerTo(1)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: '请求在“/params/arguments/__proto__”处包含禁止使用的键。',
        // The same data as over Streamable HTTP: the code and where.
        data: { code: 'PROTOTYPE_POISONING', field: '/params/arguments/__proto__' },
      },
    });
    expect((await answerTo(2)).error).toMatchObject({
      code: -32602,
      data: { code: 'PROTOTYPE_POISONING' },
    });
    expect((await answerTo(2)).error.message).toContain('/params/arguments/constructor/prototype');
    expect(notes.size).toBe(0);
    // The same call without the key runs.
    send(call(3, '{"text":"hello"}'));
    expect((await answerTo(3)).result.structuredContent).toEqual({ id: 'note-1', text: 'hello' });
    await close();
  });

  it('answers a request whose params MCP rejects -32602 INVALID_PARAMS under its own id, naming the field, as over HTTP', async () => {
    const { send, answerTo, close } = await serveNotes(noteCallers.reader);
    send('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":5}}');
    expect(await answerTo(7)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32602,
        message:
          'The params of "tools/call" are malformed at "params._meta": the message is JSON-RPC 2.0, but MCP does not accept this value there.',
        data: { code: 'INVALID_PARAMS', field: 'params._meta' },
      },
    });
    await close();
    // In the caller's language, and nothing runs: the same call without the bad _meta does.
    const writer = await serveNotes(noteCallers.writer);
    const call = (id: string, meta: string) =>
      `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":"notes_create","arguments":{"text":"hi"}${meta}}}`;
    writer.send(call('a', ',"_meta":[]'));
    expect((await writer.answerTo('a')).error).toEqual({
      code: -32602,
      message:
        '“tools/call”的参数在“params._meta”处格式不正确：消息本身符合 JSON-RPC 2.0，但 MCP 不接受此处的值。',
      data: { code: 'INVALID_PARAMS', field: 'params._meta' },
    });
    expect(writer.notes.size).toBe(0);
    writer.send(call('b', ''));
    expect((await writer.answerTo('b')).result.structuredContent).toEqual({ id: 'note-1', text: 'hi' });
    await writer.close();
  });

  it('answers nothing to a notification whose params MCP rejects, as JSON-RPC answers no notification', async () => {
    const { answers, send, answerTo, close } = await serveNotes();
    send('{"jsonrpc":"2.0","method":"notifications/initialized","params":{"_meta":5}}');
    send('{"jsonrpc":"2.0","id":8,"method":"ping"}');
    expect((await answerTo(8)).result).toEqual({});
    // The initialize's answer and the ping's: nothing for the notification.
    expect(answers.map((each) => each.id)).toEqual([0, 8]);
    await close();
  });

  it('answers a line that is not JSON with a parse error (-32700), id null, and reads on', async () => {
    const { answers, send, answerTo, close } = await serveNotes(noteCallers.reader);
    send('{"jsonrpc":"2.0","id":5,"method":"ping"');
    expect(await answerTo(null)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: 'The line is not valid JSON: over stdio, send each JSON-RPC message as one line of JSON.',
        data: { code: 'MALFORMED_JSON' },
      },
    });
    // A blank line carries no message: no answer. The next line is read as ever.
    send('');
    send('{"jsonrpc":"2.0","id":6,"method":"ping"}');
    expect((await answerTo(6)).result).toEqual({});
    expect(answers.map((each) => each.id)).toEqual([0, null, 6]);
    await close();
  });

  it('answers JSON that is no JSON-RPC 2.0 message with an invalid request (-32600 INVALID_MESSAGE), id null, as over HTTP, and reads on', async () => {
    const { notes, answers, send, answerTo, close } = await serveNotes();
    const lines = [
      '{"jsonrpc":"2.0","id":5}',
      '{"jsonrpc":"1.0","id":6,"method":"ping"}',
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":"notes_create"}',
      '5',
    ];
    for (const line of lines) send(line);
    await expect.poll(() => answers.filter((answer) => answer.id === null).length).toBe(lines.length);
    for (const answer of answers.filter((each) => each.id === null)) {
      expect(answer.error).toEqual({
        code: -32600,
        message:
          '该行不是 JSON-RPC 2.0 消息：请发送请求或通知（含 "jsonrpc": "2.0" 与 "method" 的对象，请求还需带 "id"）或响应，每行一条消息。',
        data: { code: 'INVALID_MESSAGE' },
      });
    }
    send('{"jsonrpc":"2.0","id":8,"method":"ping"}');
    expect((await answerTo(8)).result).toEqual({});
    expect(answers.map((each) => each.id)).toEqual([0, null, null, null, null, 8]);
    expect(notes.size).toBe(0);
    await close();
  });

  it('answers a batch with one invalid request (-32600), id null, saying why, and runs none of it', async () => {
    const create =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notes_create","arguments":{"text":"hi"}}}';
    const batches: Array<[string, string, string, string]> = [
      [
        '2025-06-18',
        `[${create}]`,
        'MCP 协议版本 2025-06-18 不支持 JSON-RPC 批量请求（已在 2025-06-18 中移除）：请每个请求只发送一条消息。',
        'BATCH_NOT_SUPPORTED',
      ],
      [
        '2025-03-26',
        `[${create}]`,
        '本服务器通过 stdio 不接受 JSON-RPC 批量请求：请每行只发送一条消息。',
        'STDIO_BATCH_NOT_SUPPORTED',
      ],
      [
        '2025-03-26',
        '[{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}]',
        '初始化请求不能放在 JSON-RPC 批量请求中发送：请单独发送，作为请求体中唯一的消息。',
        'INITIALIZE_NOT_BATCHED',
      ],
    ];
    for (const [protocolVersion, batch, message, code] of batches) {
      const { notes, answers, send, answerTo, close } = await serveNotes(noteCallers.writer, protocolVersion);
      send(batch);
      expect((await answerTo(null)).error).toEqual({
        code: -32600,
        message,
        data: { code },
      });
      send('{"jsonrpc":"2.0","id":3,"method":"ping"}');
      await answerTo(3);
      expect(answers.map((each) => each.id)).toEqual([0, null, 3]);
      expect(notes.size).toBe(0);
      await close();
    }
  });
});

describe('logging over stdio', () => {
  it("gives a tool call's log lines the JSON-RPC id as rpcId and no requestId: there is no HTTP request", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    const fail = defineOperation({
      id: 'notes.fail',
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['mcp'],
      handle: () => {
        throw new Error('store exploded');
      },
    });
    const input = new PassThrough();
    const output = new PassThrough();
    const stdio = await serveMcpStdio({
      app: createOpwire({ operations: [fail], logger }),
      caller: noteCallers.reader,
      input,
      output,
    });
    const answered = new Promise<string>((resolve) => {
      let text = '';
      output.on('data', (chunk) => {
        text += String(chunk);
        if (text.includes('"id":7')) resolve(text);
      });
    });
    const params = {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    };
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'notes_fail', arguments: {} },
    };
    input.write(`${JSON.stringify(call)}\n`);
    expect(await answered).toContain('"isError":true');
    const [line] = lines.filter((each) => each.operationId === 'notes.fail');
    expect(line).toMatchObject({ msg: 'operation failed', surface: 'mcp', rpcId: '7', principal: 'rita' });
    expect(line).not.toHaveProperty('requestId');
    expect(line).not.toHaveProperty('sessionId');
    await stdio.close();
  });
});
