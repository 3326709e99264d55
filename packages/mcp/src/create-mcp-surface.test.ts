import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createApprovals } from '@opwire/ai';
import { coreErrors, createOpwire, defineOperation, type OpwireError } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createMcpSurface, packageVersion } from './create-mcp-surface.js';
import { connectInMemory, createNotesApp, noteCallers } from './test-support.js';

const structured = (result: unknown) => (result as { structuredContent?: any }).structuredContent;
const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';

describe('createMcpSurface over the SDK client', () => {
  it('lists only the tools the caller may call, described in its locale, page by page', async () => {
    const { app } = createNotesApp();
    const surface = createMcpSurface({ app, pageSize: 2 });
    const reader = await connectInMemory(surface, noteCallers.reader);
    const first = await reader.listTools();
    expect(first.tools.map((tool) => tool.name)).toEqual(['notes_list', 'notes_count']);
    expect(first.nextCursor).toBeUndefined();

    const writer = await connectInMemory(surface, noteCallers.writer);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await writer.listTools(cursor ? { cursor } : {});
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toEqual(['notes_list', 'notes_create', 'notes_delete', 'notes_count', 'notes_slow']);
    const { tools } = await writer.listTools();
    expect(tools[0]).toMatchObject({
      title: '列出笔记',
      annotations: { title: '列出笔记', readOnlyHint: true },
    });
  });

  it('answers with structuredContent that the SDK client checks against the outputSchema, and JSON text', async () => {
    const { app, notes } = createNotesApp();
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.writer);
    await client.listTools();
    const result = await client.callTool({
      name: 'notes_create',
      arguments: { text: 'buy tea', tag: 'home' },
    });
    expect(result.isError).toBeUndefined();
    expect(structured(result)).toEqual({ id: 'note-1', text: 'buy tea', tag: 'home' });
    expect(JSON.parse(text(result))).toEqual(structured(result));
    expect(notes.size).toBe(1);
    const count = await client.callTool({ name: 'notes_count', arguments: {} });
    expect(count.structuredContent).toBeUndefined();
    expect(count.content).toEqual([{ type: 'text', text: '1' }]);
  });

  it('serves a tool whose request and response hold one named schema twice, which the SDK client compiles', async () => {
    const Note = Type.Object({ id: Type.String() }, { $id: 'Note' });
    const Tree = Type.Cyclic(
      { Node: Type.Object({ id: Type.String(), children: Type.Array(Type.Ref('Node')) }) },
      'Node',
    );
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.pair',
          request: Type.Object({ first: Note, last: Note }),
          response: Type.Object({ first: Note, last: Note, left: Tree, right: Tree }),
          expose: ['mcp'],
          handle: ({ first, last }) => ({
            first,
            last,
            left: { id: 'a', children: [] },
            right: { id: 'b', children: [{ id: 'c', children: [] }] },
          }),
        }),
      ],
      logger: { warn() {}, error() {} },
    });
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.reader);
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools[0]?.inputSchema).match(/"\$id":"Note"/g)).toHaveLength(1);
    const result = await client.callTool({
      name: 'notes_pair',
      arguments: { first: { id: '1' }, last: { id: '2' } },
    });
    expect(structured(result)).toMatchObject({ first: { id: '1' }, last: { id: '2' } });
    const refused = await client.callTool({ name: 'notes_pair', arguments: { first: { id: '1' } } });
    expect(structured(refused).error).toMatchObject({ code: 'MISSING_FIELD', field: 'last' });
  });

  it.each([
    ['missing', {}, 'MISSING_FIELD', 'text'],
    ['wrong type', { text: 5 }, 'WRONG_TYPE', 'text'],
    ['null', { text: null }, 'NULL_NOT_ALLOWED', 'text'],
    ['bad enum', { text: 'a', tag: 'garden' }, 'INVALID_ENUM', 'tag'],
    ['unknown field', { text: 'a', tenant: 'globex' }, 'UNKNOWN_FIELD', 'tenant'],
    ['business rule', { text: 'LOUD' }, 'NOTE_TOO_LOUD', 'text'],
  ])(
    'a %s argument is an isError result with its own code and field, and writes nothing',
    async (_name, input, code, field) => {
      const { app, notes } = createNotesApp();
      const client = await connectInMemory(createMcpSurface({ app }), noteCallers.writer);
      await client.listTools();
      const result = await client.callTool({ name: 'notes_create', arguments: input });
      expect(result.isError).toBe(true);
      expect(structured(result).error).toMatchObject({ code, field });
      expect(JSON.parse(text(result))).toEqual(structured(result));
      expect(notes.size).toBe(0);
    },
  );

  it("a failed call's result carries the error's data, as an HTTP problem does", async () => {
    const { app } = createNotesApp();
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.writer);
    const result = await client.callTool({ name: 'notes_create', arguments: { text: 'LOUD' } });
    expect(result.isError).toBe(true);
    expect(structured(result)).toEqual({
      error: {
        code: 'NOTE_TOO_LOUD',
        message: '笔记不能大喊。',
        field: 'text',
        data: { shouted: 'LOUD' },
      },
    });
    expect(JSON.parse(text(result))).toEqual(structured(result));
  });

  it("gives a rate-limited call's Retry-After as retryAfter, in seconds, beside the code", async () => {
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.bump',
          request: Type.Object({}),
          response: Type.Object({}),
          expose: ['mcp'],
          errors: [coreErrors.RATE_LIMITED],
          handle: (_request, context) => {
            throw context.errors.RATE_LIMITED({ params: { retryAfter: 9 }, headers: { 'retry-after': '9' } });
          },
        }),
      ],
    });
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.reader);
    const result = await client.callTool({ name: 'notes_bump', arguments: {} });
    expect(result.isError).toBe(true);
    expect(structured(result)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests; try again in 9 seconds.', retryAfter: 9 },
    });
    expect(JSON.parse(text(result))).toEqual(structured(result));
  });

  it.each([
    ['a BigInt', () => ({ version: 1n })],
    [
      'a cycle',
      () => {
        const data: Record<string, unknown> = {};
        data.self = data;
        return data;
      },
    ],
  ])(
    'leaves out error data holding %s, which JSON cannot write, and logs it as HTTP does',
    async (_name, data) => {
      const logged: Array<{ message: string; details: Readonly<Record<string, unknown>> }> = [];
      const app = createOpwire({
        operations: [
          defineOperation({
            id: 'notes.bump',
            request: Type.Object({}),
            response: Type.Object({}),
            expose: ['mcp'],
            errors: [coreErrors.CONFLICT],
            handle: (_request, context) => {
              throw context.errors.CONFLICT({ data: data() });
            },
          }),
        ],
        logger: { error: (message, details) => void logged.push({ message, details }), warn() {} },
      });
      const client = await connectInMemory(createMcpSurface({ app }), noteCallers.reader);
      const result = await client.callTool({ name: 'notes_bump', arguments: {} });
      expect(result.isError).toBe(true);
      expect(structured(result)).toEqual({
        error: { code: 'CONFLICT', message: 'The request conflicts with the current state.' },
      });
      expect(JSON.parse(text(result))).toEqual(structured(result));
      expect(logged).toEqual([
        {
          message: 'error data could not be serialized',
          details: { code: 'CONFLICT', error: expect.any(TypeError) },
        },
      ]);
    },
  );

  it('answers in the caller locale, and refuses a tool the caller may not call through invoke', async () => {
    const { app } = createNotesApp();
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.reader);
    const denied = await client.callTool({ name: 'notes_create', arguments: { text: 'hi' } });
    expect(structured(denied).error.code).toBe('PERMISSION_DENIED');
    const audit = await app.audit.list({ operationId: 'notes.create' });
    expect(audit.map((record) => [record.origin, record.code])).toEqual([['mcp', 'PERMISSION_DENIED']]);
  });

  it('makes an unknown tool, a malformed call and a bad cursor JSON-RPC errors with the SDK codes', async () => {
    const { app } = createNotesApp();
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.writer);
    const codeOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return 'resolved';
      } catch (error) {
        return error instanceof McpError ? error.code : 'other';
      }
    };
    expect(await codeOf(client.callTool({ name: 'notes_purge', arguments: {} }))).toBe(-32602);
    expect(await codeOf(client.callTool({ name: 'notes_export', arguments: {} }))).toBe(-32602);
    expect(
      await codeOf(
        client.request(
          { method: 'tools/call', params: { name: 'notes_list', arguments: 'x' } } as never,
          {} as never,
        ),
      ),
    ).toBe(-32602);
    expect(await codeOf(client.listTools({ cursor: 'not-a-cursor' }))).toBe(-32602);
  });

  it.each([
    ['tools/call', { name: 'notes_list', arguments: 'x' }, 'params.arguments'],
    ['tools/call', { name: 'notes_list', arguments: [1] }, 'params.arguments'],
    ['tools/call', { name: 'notes_list', arguments: null }, 'params.arguments'],
    ['tools/call', { arguments: {} }, 'params.name'],
    ['tools/list', { cursor: 5 }, 'params.cursor'],
  ])(
    'answers malformed %s params %j as INVALID_PARAMS naming the field, in the reader’s language, running nothing',
    async (method, params, where) => {
      const { app, notes } = createNotesApp();
      const surface = createMcpSurface({ app });
      const client = await connectInMemory(surface, { ...noteCallers.writer, locale: 'en' });
      const call = client.request({ method, params } as never, {} as never);
      await expect(call).rejects.toThrow(
        `MCP error -32602: The params of "${method}" are malformed at "${where}": the message is JSON-RPC 2.0, but MCP does not accept this value there.`,
      );
      await expect(call).rejects.toMatchObject({
        code: -32602,
        data: { code: 'INVALID_PARAMS', field: where },
      });
      const chinese = await connectInMemory(surface, noteCallers.writer);
      await expect(chinese.request({ method, params } as never, {} as never)).rejects.toThrow(
        `MCP error -32602: “${method}”的参数在“${where}”处格式不正确：消息本身符合 JSON-RPC 2.0，但 MCP 不接受此处的值。`,
      );
      expect(notes.size).toBe(0);
    },
  );
});

describe('approval over MCP', () => {
  it('stores a call that needs approval as pending, bound to the caller, and does not run it', async () => {
    const { app, notes } = createNotesApp();
    notes.set('note-9', { id: 'note-9', tenant: 'acme', text: 'keep' });
    const approvals = createApprovals({ app });
    const client = await connectInMemory(createMcpSurface({ app, approvals }), noteCallers.writer);
    await client.listTools();
    const result = await client.callTool({ name: 'notes_delete', arguments: { id: 'note-9' } });
    expect(result.isError).toBe(true);
    const content = structured(result);
    expect(content.error.code).toBe('APPROVAL_REQUIRED');
    expect(content.approval).toMatchObject({
      status: 'pending',
      toolName: 'notes_delete',
      input: { id: 'note-9' },
    });
    expect(notes.has('note-9')).toBe(true);
    const [pending] = await approvals.pending(noteCallers.writer);
    expect(pending?.approvalId).toBe(content.approval.approvalId);
    await approvals.approve(content.approval.approvalId, noteCallers.writer);
    expect(notes.has('note-9')).toBe(false);
  });

  it('checks the arguments before storing anything', async () => {
    const { app } = createNotesApp();
    const approvals = createApprovals({ app });
    const client = await connectInMemory(createMcpSurface({ app, approvals }), noteCallers.writer);
    const result = await client.callTool({ name: 'notes_delete', arguments: { id: 7 } });
    expect(structured(result).error.code).toBe('WRONG_TYPE');
    expect(await approvals.pending(noteCallers.writer)).toEqual([]);
    // The refusal is the call's answer, audited like any refused call.
    expect(
      (await app.audit.list()).map((record) => [
        record.operationId,
        record.origin,
        record.outcome,
        record.code,
      ]),
    ).toEqual([['notes.delete', 'mcp', 'error', 'WRONG_TYPE']]);
  });

  it("answers another tenant's note NOT_FOUND, as the delete would, without asking or storing anything", async () => {
    const { app, notes } = createNotesApp();
    notes.set('note-g', { id: 'note-g', tenant: 'globex', text: 'theirs' });
    const approvals = createApprovals({ app });
    const client = await connectInMemory(createMcpSurface({ app, approvals }), noteCallers.writer, {
      elicitation: {},
    });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept' };
    });
    const direct = await app
      .invoke('notes.delete', { id: 'note-g' }, { caller: noteCallers.writer })
      .catch((error: OpwireError) => error);
    for (const id of ['note-g', 'note-404']) {
      const result = await client.callTool({ name: 'notes_delete', arguments: { id } });
      expect(structured(result).error).toMatchObject({
        code: 'NOT_FOUND',
        message: (direct as OpwireError).localize('zh-CN'),
      });
    }
    expect(asked).toEqual([]);
    expect(await approvals.pending(noteCallers.writer)).toEqual([]);
    expect(notes.has('note-g')).toBe(true);
    // The direct call, then each refused tool call: one error record each, the tool calls from MCP.
    expect((await app.audit.list()).map((record) => [record.origin, record.code])).toEqual([
      ['internal', 'NOT_FOUND'],
      ['mcp', 'NOT_FOUND'],
      ['mcp', 'NOT_FOUND'],
    ]);
  });

  it.each([
    ['accept', true, undefined],
    ['decline', false, 'APPROVAL_DECLINED'],
    ['cancel', false, 'APPROVAL_DECLINED'],
  ] as const)('asks a client with elicitation and runs only on accept (%s)', async (action, runs, code) => {
    const { app, notes } = createNotesApp();
    notes.set('note-9', { id: 'note-9', tenant: 'acme', text: 'keep' });
    const approvals = createApprovals({ app });
    const client = await connectInMemory(createMcpSurface({ app, approvals }), noteCallers.reader, {
      elicitation: {},
    });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action };
    });
    const writer = await connectInMemory(createMcpSurface({ app, approvals }), noteCallers.writer, {
      elicitation: {},
    });
    writer.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action };
    });
    const result = await writer.callTool({ name: 'notes_delete', arguments: { id: 'note-9' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('notes_delete');
    expect(notes.has('note-9')).toBe(!runs);
    if (code) expect(structured(result).error.code).toBe(code);
    else expect(structured(result)).toEqual({ deleted: 'note-9' });
    expect(await approvals.pending(noteCallers.writer)).toEqual([]);
  });
});

describe('cancellation', () => {
  it('aborts the invocation when the client cancels, and answers nothing for it', async () => {
    const { app, slowCall, slowSignals } = createNotesApp();
    const client = await connectInMemory(createMcpSurface({ app }), noteCallers.writer);
    const started = slowCall();
    const controller = new AbortController();
    const call = client.callTool({ name: 'notes_slow', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await started;
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    expect(slowSignals[0]?.aborted).toBe(true);
    await expect
      .poll(async () => (await app.audit.list({ operationId: 'notes.slow' })).map((each) => each.code))
      .toEqual(['CANCELLED']);
  });
});

describe('prompts', () => {
  it('lists the templates and renders one for the caller with the tools it may call', async () => {
    const { app } = createNotesApp();
    const surface = createMcpSurface({
      app,
      prompts: { helper: 'You help {principalId} of {tenant}. Tools: {tools}.' },
    });
    const client = await connectInMemory(surface, noteCallers.reader);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['helper']);
    const prompt = await client.getPrompt({ name: 'helper' });
    expect(prompt.messages).toEqual([
      {
        role: 'user',
        content: { type: 'text', text: 'You help rita of acme. Tools: notes_list, notes_count.' },
      },
    ]);
    await expect(client.getPrompt({ name: 'nope' })).rejects.toMatchObject({ code: -32602 });
  });

  it('fails startup on a template with an unknown placeholder', () => {
    const { app } = createNotesApp();
    expect(() => createMcpSurface({ app, prompts: { bad: 'Hi {password}' } })).toThrow(/unknown placeholder/);
  });
});

describe('packageVersion (serverInfo.version)', () => {
  it("is this package's version beside its files", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(packageVersion()).toBe(manifest.version);
  });

  it("is unknown, not a failed start or the app's version, when bundled into an app's file", () => {
    const folder = mkdtempSync(join(tmpdir(), 'opwire-mcp-bundle-'));
    try {
      mkdirSync(join(folder, 'bin'));
      const bundled = pathToFileURL(join(folder, 'bin', 'server.mjs'));
      expect(packageVersion(bundled)).toBe('unknown');
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'my-app', version: '9.9.9' }));
      expect(packageVersion(bundled)).toBe('unknown');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
