import { type AnyOperation, coreErrors, defineOperation } from '@opwire/core';
import { earliestTime } from '@opwire/core/surface';
import Type from 'typebox';
import type { Governance } from './create-governance.js';
import {
  actionSchema,
  costRowSchema,
  eventSchema,
  pageFields,
  timeSchema,
  totalsSchema,
  turnFilterFields,
  turnSchema,
} from './governance-schemas.js';
import { normalizeTime } from './paging.js';
import { mainCurrencyOf } from './price-table.js';
import type { UsageTotals } from './turn-ledger.js';

/** Options for `createGovernanceOperations`. */
export interface GovernanceOperationsOptions {
  readonly governance: Governance;
  /** The clock for the default cost range, for tests. */
  readonly now?: () => number;
}

const dayMs = 86_400_000;
const readErrors = [coreErrors.INVALID_FORMAT, coreErrors.OUT_OF_RANGE] as const;

/** Rejects a range whose end is not after its start, with `OUT_OF_RANGE` on `to`. */
function checkRange(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && normalizeTime(to, 'to') <= normalizeTime(from, 'from')) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'to',
      params: { expected: { en: 'a time after from', 'zh-CN': '晚于 from 的时间' } },
    });
  }
}

/**
 * The governance operations the console reads over HTTP, each scoped to the caller's tenant:
 * `governance.listTurns`, `governance.getTurn`, `governance.listAudit`, `governance.summarizeCost`
 * (permission `governance:read`) and `governance.trim` (`governance:write`). Never offered to models.
 */
export function createGovernanceOperations(options: GovernanceOperationsOptions): AnyOperation[] {
  const { governance } = options;
  const now = options.now ?? Date.now;
  // The totals name the price table's currency, so a sum of no costs is shown in it.
  const currency = mainCurrencyOf(governance.prices);
  const withCurrency = (totals: UsageTotals): UsageTotals & { currency?: string } =>
    currency === undefined ? totals : { ...totals, currency };

  const listTurns = defineOperation({
    id: 'governance.listTurns',
    summary: { en: 'List chat turns with their usage and cost', 'zh-CN': '列出对话轮次及其用量与费用' },
    description: {
      en: 'Turns newest first, filtered, a page at a time, with the totals of every turn the filters match.',
      'zh-CN': '按条件筛选的对话轮次，最新的在前，分页返回，并附上所有符合条件的轮次的合计。',
    },
    request: Type.Object({ ...turnFilterFields, ...pageFields }),
    response: Type.Object({
      turns: Type.Array(turnSchema),
      next: Type.Optional(Type.String()),
      totals: totalsSchema,
    }),
    expose: ['http'],
    permission: 'governance:read',
    errors: readErrors,
    http: { method: 'GET', path: '/governance/turns' },
    // Governance stores query on their own; holding a transaction here would block PGlite's one connection.
    transaction: false,
    async handle({ limit, cursor, ...filters }, context) {
      checkRange(filters.from, filters.to);
      const filter = { ...filters, tenant: context.tenant };
      const [page, totals] = await Promise.all([
        governance.ledger.list(filter, { limit: limit ?? 50, ...(cursor === undefined ? {} : { cursor }) }),
        governance.ledger.totals(filter),
      ]);
      return {
        turns: page.turns,
        ...(page.next === undefined ? {} : { next: page.next }),
        totals: withCurrency(totals),
      };
    },
  });

  const getTurn = defineOperation({
    id: 'governance.getTurn',
    summary: {
      en: 'One chat turn with its tool calls and events',
      'zh-CN': '单个对话轮次及其工具调用与事件',
    },
    description: {
      en: 'The ledger row (absent while the turn runs) and the audit events of the turn in sequence.',
      'zh-CN': '该轮的账本记录（轮次进行中时没有）及其按顺序排列的审计事件。',
    },
    request: Type.Object({ turnId: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Object({ turn: Type.Optional(turnSchema), events: Type.Array(eventSchema) }),
    expose: ['http'],
    permission: 'governance:read',
    errors: [coreErrors.NOT_FOUND],
    http: { method: 'GET', path: '/governance/turns/{turnId}' },
    transaction: false,
    async handle({ turnId }, context) {
      const tenant = context.tenant;
      const [turn, events] = await Promise.all([
        governance.ledger.get(turnId, tenant),
        governance.events.forTurn(turnId, tenant),
      ]);
      if (!turn && events.length === 0)
        throw coreErrors.NOT_FOUND({ params: { resource: { en: 'turn', 'zh-CN': '对话轮次' } } });
      return { ...(turn ? { turn } : {}), events };
    },
  });

  const listAudit = defineOperation({
    id: 'governance.listAudit',
    summary: { en: 'List AI audit events', 'zh-CN': '列出 AI 审计事件' },
    description: {
      en: 'Events newest first, filtered by action, turn, principal and time, a page at a time.',
      'zh-CN': '按操作、轮次、主体和时间筛选的事件，最新的在前，分页返回。',
    },
    request: Type.Object({
      action: Type.Optional(actionSchema),
      turnId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      principalId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      from: Type.Optional(timeSchema),
      to: Type.Optional(timeSchema),
      ...pageFields,
    }),
    response: Type.Object({ events: Type.Array(eventSchema), next: Type.Optional(Type.String()) }),
    expose: ['http'],
    permission: 'governance:read',
    errors: readErrors,
    http: { method: 'GET', path: '/governance/audit' },
    transaction: false,
    async handle({ limit, cursor, ...filters }, context) {
      checkRange(filters.from, filters.to);
      const page = await governance.events.list(
        { ...filters, tenant: context.tenant },
        { limit: limit ?? 50, ...(cursor === undefined ? {} : { cursor }) },
      );
      return { events: page.events, ...(page.next === undefined ? {} : { next: page.next }) };
    },
  });

  const summarizeCost = defineOperation({
    id: 'governance.summarizeCost',
    summary: { en: 'Summarize AI usage and cost', 'zh-CN': '汇总 AI 用量与费用' },
    description: {
      en: 'Totals and groups by model, provider, principal, tenant and UTC day over a time range (the last 30 days by default).',
      'zh-CN': '某一时间范围内（默认最近 30 天）的合计，以及按模型、提供方、主体、租户和 UTC 日期的分组。',
    },
    request: Type.Object({
      from: Type.Optional(timeSchema),
      to: Type.Optional(timeSchema),
      principalId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      provider: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    }),
    response: Type.Object({
      from: Type.String(),
      to: Type.String(),
      totals: totalsSchema,
      byModel: Type.Array(costRowSchema),
      byProvider: Type.Array(costRowSchema),
      byPrincipal: Type.Array(costRowSchema),
      byTenant: Type.Array(costRowSchema),
      byDay: Type.Array(costRowSchema),
    }),
    expose: ['http'],
    permission: 'governance:read',
    errors: readErrors,
    http: { method: 'GET', path: '/governance/cost' },
    transaction: false,
    async handle(request, context) {
      const to = normalizeTime(request.to ?? new Date(now()).toISOString(), 'to');
      // The default range is the 30 days before `to`, cut at the earliest time a store holds.
      const from = normalizeTime(
        request.from ?? new Date(Math.max(earliestTime, Date.parse(to) - 30 * dayMs)).toISOString(),
        'from',
      );
      // Without a `from`, the range starts at the earliest time a store holds: a `to` there leaves none.
      if (request.from === undefined && from >= to) {
        throw coreErrors.OUT_OF_RANGE({
          field: 'to',
          params: {
            expected: {
              en: 'a time after 0001-01-01T00:00:00Z',
              'zh-CN': '晚于 0001-01-01T00:00:00Z 的时间',
            },
          },
        });
      }
      // Without a `to`, the range ends now: a `from` after it is what is wrong.
      if (request.to === undefined && from >= to) {
        throw coreErrors.OUT_OF_RANGE({
          field: 'from',
          params: { expected: { en: 'a time before now', 'zh-CN': '早于当前的时间' } },
        });
      }
      checkRange(from, to);
      const summary = await governance.summarizeCost({
        ...request,
        from,
        to,
        tenant: context.tenant,
      });
      return { from, to, ...summary, totals: withCurrency(summary.totals) };
    },
  });

  const trim = defineOperation({
    id: 'governance.trim',
    summary: { en: 'Remove old governance records', 'zh-CN': '删除过期的治理记录' },
    description: {
      en: "Removes the tenant's turn ledger rows, AI audit events and audit records older than the given days; never conversations.",
      'zh-CN': '删除该租户早于给定天数的轮次账本记录、AI 审计事件和审计记录；从不删除会话。',
    },
    request: Type.Object({ olderThanDays: Type.Integer({ minimum: 1, maximum: 36_500 }) }),
    response: Type.Object({
      before: Type.String(),
      turns: Type.Integer(),
      events: Type.Integer(),
      auditRecords: Type.Optional(Type.Integer()),
    }),
    expose: ['http'],
    permission: 'governance:write',
    writes: true,
    http: { method: 'POST', path: '/governance/trim' },
    transaction: false,
    handle: (request, context) =>
      governance.trim({ olderThanDays: request.olderThanDays, tenant: context.tenant }),
  });

  return [listTurns, getTurn, listAudit, summarizeCost, trim];
}
