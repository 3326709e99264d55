import Type from 'typebox';
import { expect } from 'vitest';
import type { Caller } from '../caller.js';
import type { InvocationContext } from '../context.js';
import { createOpwire, type Opwire } from '../create-opwire.js';
import { coreErrors } from '../errors/core-errors.js';
import type { Logger } from '../logger.js';
import { type AnyMiddleware, defineMiddleware } from '../middleware.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { conformanceCase, uniqueSuffix } from './conformance-case.js';
import type { PortConformanceOptions, PortHarness } from './port-harness.js';

const keyRequest = Type.Object({ key: Type.String() });
const keyResponse = Type.Object({ key: Type.String() });

/** How a case's handler behaves after (or instead of) writing its key. */
type Behaviour = 'write' | 'read' | 'write-then-conflict' | 'write-then-throw';

/** Registers the cases that run the adapters through `createOpwire` with tiny operations. */
export function pipelineCases(harness: () => PortHarness, options: PortConformanceOptions): void {
  const silent: Logger = { error() {}, warn() {} };
  const appFor = (...operations: AnyOperation[]): Opwire => appUsing([], ...operations);
  const appUsing = (use: readonly AnyMiddleware[], ...operations: AnyOperation[]): Opwire => {
    const { transactions, audit } = harness();
    return createOpwire({ operations, transactions, audit, logger: silent, use });
  };
  const callerFor = (suffix: string, permissions: string[] = ['*']): Caller => ({
    principalId: `user-${suffix}`,
    tenant: `tenant-${suffix}`,
    permissions,
  });
  const operationFor = (suffix: string, behaviour: Behaviour, calls?: AnyOperation) =>
    defineOperation({
      id: `conformance.${suffix}`,
      request: keyRequest,
      response: keyResponse,
      permission: 'conformance:run',
      writes: behaviour !== 'read',
      handle(request, context) {
        // A read answers synchronously, as a handler over an in-memory cache would; the pipeline
        // still hands the adapter a promise.
        if (behaviour === 'read') return { key: request.key };
        return writeAndAnswer(request.key, context, behaviour, calls);
      },
    });
  const writeAndAnswer = async (
    key: string,
    context: InvocationContext,
    behaviour: Behaviour,
    calls: AnyOperation | undefined,
  ) => {
    await harness().write(context.transaction!, key);
    if (calls) await context.invoke(calls, { key: `${key}-inner` });
    if (behaviour === 'write-then-conflict') throw coreErrors.CONFLICT();
    if (behaviour === 'write-then-throw') throw new Error('handler broke after writing');
    return { key };
  };
  const auditOf = (suffix: string) => harness().audit.list({ operationId: `conformance.${suffix}` });

  conformanceCase(
    options,
    'pipeline.write-ok',
    'a successful write leaves its write and exactly one ok record',
    async () => {
      const suffix = uniqueSuffix();
      const app = appFor(operationFor(suffix, 'write'));
      const caller = callerFor(suffix);
      await expect(app.invoke(`conformance.${suffix}`, { key: suffix }, { caller })).resolves.toEqual({
        key: suffix,
      });
      expect(await harness().committedKeys()).toContain(suffix);
      const records = await auditOf(suffix);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        outcome: 'ok',
        tenant: caller.tenant,
        principalId: caller.principalId,
      });
      expect(records[0]?.code).toBeUndefined();
    },
  );

  conformanceCase(options, 'pipeline.read-ok', 'a successful read leaves exactly one ok record', async () => {
    const suffix = uniqueSuffix();
    const app = appFor(operationFor(suffix, 'read'));
    await app.invoke(`conformance.${suffix}`, { key: suffix }, { caller: callerFor(suffix) });
    const records = await auditOf(suffix);
    expect(records.map((record) => record.outcome)).toEqual(['ok']);
  });

  conformanceCase(
    options,
    'pipeline.handler-error',
    'a handler failing with a code leaves one error record with it and no write',
    async () => {
      const suffix = uniqueSuffix();
      const app = appFor(operationFor(suffix, 'write-then-conflict'));
      const call = app.invoke(`conformance.${suffix}`, { key: suffix }, { caller: callerFor(suffix) });
      await expect(call).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await harness().committedKeys()).not.toContain(suffix);
      expect((await auditOf(suffix)).map(({ outcome, code }) => ({ outcome, code }))).toEqual([
        { outcome: 'error', code: 'CONFLICT' },
      ]);
    },
  );

  conformanceCase(
    options,
    'pipeline.validation-error',
    'a request failing validation leaves one record with its code and runs nothing',
    async () => {
      const suffix = uniqueSuffix();
      const app = appFor(operationFor(suffix, 'write'));
      const call = app.invoke(`conformance.${suffix}`, { key: 42 }, { caller: callerFor(suffix) });
      await expect(call).rejects.toMatchObject({ code: 'WRONG_TYPE', field: 'key' });
      expect((await auditOf(suffix)).map(({ outcome, code }) => ({ outcome, code }))).toEqual([
        { outcome: 'error', code: 'WRONG_TYPE' },
      ]);
    },
  );

  conformanceCase(
    options,
    'pipeline.throw-after-write',
    'a handler that throws after writing leaves no write',
    async () => {
      const suffix = uniqueSuffix();
      const app = appFor(operationFor(suffix, 'write-then-throw'));
      const call = app.invoke(`conformance.${suffix}`, { key: suffix }, { caller: callerFor(suffix) });
      await expect(call).rejects.toMatchObject({ code: 'INTERNAL' });
      expect(await harness().committedKeys()).not.toContain(suffix);
      expect((await auditOf(suffix)).map(({ outcome, code }) => ({ outcome, code }))).toEqual([
        { outcome: 'error', code: 'INTERNAL' },
      ]);
    },
  );

  conformanceCase(
    options,
    'pipeline.denied',
    'a caller without the permission leaves one PERMISSION_DENIED record and no write',
    async () => {
      const suffix = uniqueSuffix();
      const app = appFor(operationFor(suffix, 'write'));
      const call = app.invoke(
        `conformance.${suffix}`,
        { key: suffix },
        { caller: callerFor(suffix, ['other:run']) },
      );
      await expect(call).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      expect(await harness().committedKeys()).not.toContain(suffix);
      expect((await auditOf(suffix)).map((record) => record.code)).toEqual(['PERMISSION_DENIED']);
    },
  );

  conformanceCase(
    options,
    'pipeline.nested-rollback',
    'a nested write rolls back with the operation that called it',
    async () => {
      const [outer, inner] = [uniqueSuffix(), uniqueSuffix()];
      const innerOperation = operationFor(inner, 'write');
      const app = appFor(operationFor(outer, 'write-then-conflict', innerOperation), innerOperation);
      const call = app.invoke(`conformance.${outer}`, { key: outer }, { caller: callerFor(outer) });
      await expect(call).rejects.toMatchObject({ code: 'CONFLICT' });
      const keys = await harness().committedKeys();
      expect(keys).not.toContain(outer);
      expect(keys).not.toContain(`${outer}-inner`);
      expect((await auditOf(outer)).map((record) => record.code)).toEqual(['CONFLICT']);
      // The nested success record was appended in the rolled-back transaction, so it is gone too.
      expect(await auditOf(inner)).toEqual([]);
    },
  );

  conformanceCase(
    options,
    'pipeline.nested-read',
    'a read called from a write is audited once and the write commits',
    async () => {
      const [outer, inner] = [uniqueSuffix(), uniqueSuffix()];
      const innerOperation = operationFor(inner, 'read');
      const app = appFor(operationFor(outer, 'write', innerOperation), innerOperation);
      await app.invoke(`conformance.${outer}`, { key: outer }, { caller: callerFor(outer) });
      expect(await harness().committedKeys()).toContain(outer);
      const [outerRecords, innerRecords] = [await auditOf(outer), await auditOf(inner)];
      expect(outerRecords.map((record) => record.outcome)).toEqual(['ok']);
      expect(innerRecords.map((record) => record.outcome)).toEqual(['ok']);
      expect(innerRecords[0]?.parentInvocationId).toBe(outerRecords[0]?.invocationId);
    },
  );

  conformanceCase(
    options,
    'pipeline.middleware-refusal',
    'a middleware refusing before the transaction leaves no write and one error record',
    async () => {
      const suffix = uniqueSuffix();
      const refuse = defineMiddleware({
        name: 'refuse',
        errors: [coreErrors.RATE_LIMITED],
        async run() {
          throw coreErrors.RATE_LIMITED({ params: { retryAfter: 1 }, headers: { 'retry-after': '1' } });
        },
      });
      const app = appUsing([refuse], operationFor(suffix, 'write'));
      const caller = callerFor(suffix);
      await expect(app.invoke(`conformance.${suffix}`, { key: suffix }, { caller })).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect(await harness().committedKeys()).not.toContain(suffix);
      expect((await auditOf(suffix)).map((record) => [record.outcome, record.code])).toEqual([
        ['error', 'RATE_LIMITED'],
      ]);
    },
  );

  conformanceCase(
    options,
    'pipeline.inside-middleware-failure',
    'a middleware failing inside the transaction after the handler wrote rolls the write back, audited as an error',
    async () => {
      const suffix = uniqueSuffix();
      const failAfter = defineMiddleware({
        name: 'fail-after',
        phase: 'inside',
        errors: [coreErrors.CONFLICT],
        async run(_context, next) {
          await next();
          throw coreErrors.CONFLICT();
        },
      });
      const app = appUsing([failAfter], operationFor(suffix, 'write'));
      const caller = callerFor(suffix);
      await expect(app.invoke(`conformance.${suffix}`, { key: suffix }, { caller })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect(await harness().committedKeys()).not.toContain(suffix);
      expect((await auditOf(suffix)).map((record) => [record.outcome, record.code])).toEqual([
        ['error', 'CONFLICT'],
      ]);
    },
  );

  conformanceCase(
    options,
    'pipeline.outside-middleware-after-commit',
    'a middleware failing outside the transaction after it committed cannot un-commit: the caller gets the committed answer, audited ok once',
    async () => {
      const suffix = uniqueSuffix();
      const failAfter = defineMiddleware({
        name: 'fail-after-commit',
        async run(_context, next) {
          await next();
          throw new Error('broke after the commit');
        },
      });
      const errors: string[] = [];
      const { transactions, audit } = harness();
      const app = createOpwire({
        operations: [operationFor(suffix, 'write')],
        transactions,
        audit,
        use: [failAfter],
        logger: { error: (message) => errors.push(message), warn() {} },
      });
      const caller = callerFor(suffix);
      await expect(app.invoke(`conformance.${suffix}`, { key: suffix }, { caller })).resolves.toEqual({
        key: suffix,
      });
      expect(await harness().committedKeys()).toContain(suffix);
      expect((await auditOf(suffix)).map((record) => record.outcome)).toEqual(['ok']);
      expect(errors).toEqual([
        'middleware failed after the call committed; the committed response is returned',
      ]);
    },
  );
}
