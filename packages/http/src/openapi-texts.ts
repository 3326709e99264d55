import { type Locale, localizeText } from '@opwire/core';
import { statusTable } from './status-table.js';

/** What the OpenAPI document says in its own words (an app's summaries and schemas are its own), in one locale. */
export interface OpenApiTexts {
  readonly ok: string;
  readonly created: string;
  readonly noContent: string;
  readonly eventStream: string;
  /** A problem response: its status's title and the codes answered with it. */
  problems(status: string, codes: readonly string[]): string;
  /** A header a code's catalogue entry sends. */
  sentWith(codes: readonly string[]): string;
  /** A header a middleware sets: with these codes, or (none) whenever it applies. */
  setByMiddleware(codes: readonly string[]): string;
  /** A hand-written route's own response and the server's problems of the same status. */
  or(own: string, generated: string): string;
  readonly wwwAuthenticate: string;
  readonly requestId: string;
  /** A tag's description when the app gives none. */
  routesOf(tag: string): string;
  readonly healthTag: string;
  readonly live: string;
  readonly ready: string;
  readonly notReady: string;
}

const english: OpenApiTexts = {
  ok: 'OK',
  created: 'Created',
  noContent: 'No Content',
  eventStream:
    'Server-sent events: each named by its `type`, its data one JSON object of this schema; a failure mid-stream ends with an `error` event carrying the problem.',
  problems: (status, codes) => `${titleOf(status)}: ${codes.join(', ')}`,
  sentWith: (codes) => `Sent with ${codes.join(', ')}.`,
  setByMiddleware: (codes) =>
    codes.length > 0 ? `Set by middleware with ${codes.join(', ')}.` : 'Set by middleware when it applies.',
  or: (own, generated) => `${own}; or ${generated}`,
  wwwAuthenticate: '`Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused.',
  requestId:
    "The request's id, to quote when reporting a problem: the client's own `X-Request-Id` when it is well-formed (1 to 128 letters, digits or `_.:@/+=-`), else one the server made.",
  routesOf: (tag) => `The ${tag} routes.`,
  healthTag: 'Liveness and readiness probes for load balancers and orchestrators.',
  live: 'The process is serving.',
  ready:
    'Readiness from the last probe of the health items: 503 when a critical item is degraded, 200 otherwise.',
  notReady: 'A critical item is degraded, or the server is shutting down (SHUTTING_DOWN)',
};

/** The statuses' titles in Chinese, as Chinese HTTP references name them. */
const chineseTitles: Readonly<Record<string, string>> = {
  '400': '请求无效',
  '401': '未认证',
  '403': '禁止访问',
  '404': '未找到',
  '405': '方法不允许',
  '406': '无法接受',
  '409': '冲突',
  '413': '内容过大',
  '415': '不支持的媒体类型',
  '422': '无法处理的内容',
  '429': '请求过多',
  '431': '请求头字段过大',
  '499': '客户端关闭了请求',
  '500': '服务器内部错误',
  '502': '网关错误',
  '503': '服务不可用',
  '504': '网关超时',
};

const chinese: OpenApiTexts = {
  ok: '成功',
  created: '已创建',
  noContent: '无内容',
  eventStream:
    '服务器发送事件：每个事件以其 `type` 命名，数据是一个符合此 schema 的 JSON 对象；流中途失败时以携带问题详情的 `error` 事件结束。',
  problems: (status, codes) => `${chineseTitles[status] ?? titleOf(status)}：${codes.join('、')}`,
  sentWith: (codes) => `随 ${codes.join('、')} 一起发送。`,
  setByMiddleware: (codes) =>
    codes.length > 0 ? `由中间件随 ${codes.join('、')} 设置。` : '由中间件在适用时设置。',
  or: (own, generated) => `${own}；或${generated}`,
  wwwAuthenticate: '`Bearer`；发送的 Bearer 令牌被拒绝时为 `Bearer error="invalid_token"`。',
  requestId:
    '请求的 id，报告问题时请引用：客户端自己的 `X-Request-Id` 格式正确时（1 到 128 个字母、数字或 `_.:@/+=-`）即为它，否则由服务器生成。',
  routesOf: (tag) => `${tag} 路由。`,
  healthTag: '供负载均衡器和编排系统使用的存活与就绪探针。',
  live: '进程正在提供服务。',
  ready: '根据健康检查项最近一次探测得出的就绪状态：关键项降级时为 503，否则为 200。',
  notReady: '关键项已降级，或服务器正在关闭（SHUTTING_DOWN）',
};

/** The document's own texts in `locale`; English for any locale Opwire has none in. */
export function openApiTexts(locale: Locale): OpenApiTexts {
  return locale === 'zh-CN' ? chinese : english;
}

function titleOf(status: string): string {
  return Object.values(statusTable).find((row) => String(row.status) === status)?.title ?? 'Error';
}

/** Whether a value is a text per language, `{ en, 'zh-CN' }`: an object of strings under those keys only. */
function isLocalizedText(value: unknown): value is { readonly en?: string; readonly 'zh-CN'?: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([key, text]) => (key === 'en' || key === 'zh-CN') && typeof text === 'string')
  );
}

/**
 * A route's own OpenAPI fields (a hand-written route's, an operation route's) with each `description` given
 * per language (`{ en, 'zh-CN' }`) in `locale`'s words; schemas, whose `description` is a string, are left as
 * they are.
 */
export function localizeDescriptions<T>(value: T, locale: Locale): T {
  if (Array.isArray(value)) return value.map((each) => localizeDescriptions(each, locale)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'description' && isLocalizedText(inner)
        ? localizeText(inner, locale)
        : key === 'schema'
          ? inner
          : localizeDescriptions(inner, locale),
    ]),
  ) as T;
}
