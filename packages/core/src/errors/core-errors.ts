import { defineErrors } from './define-errors.js';

/** The codes Opwire itself raises, on every surface: validation, identity, conflicts, limits, failures. */
export const coreErrors = defineErrors({
  MISSING_FIELD: {
    kind: 'invalid',
    messages: { en: 'Missing required field "{field}".', 'zh-CN': '缺少必填字段“{field}”。' },
  },
  WRONG_TYPE: {
    kind: 'invalid',
    messages: { en: 'Field "{field}" must be {expected}.', 'zh-CN': '字段“{field}”必须是 {expected}。' },
  },
  NULL_NOT_ALLOWED: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" must not be null (expected {expected}).',
      'zh-CN': '字段“{field}”不能为 null（应为 {expected}）。',
    },
  },
  INVALID_ENUM: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" must be one of {expected}.',
      'zh-CN': '字段“{field}”必须是以下值之一：{expected}。',
    },
  },
  UNKNOWN_FIELD: {
    kind: 'invalid',
    messages: { en: 'Unknown field "{field}".', 'zh-CN': '未知字段“{field}”。' },
  },
  OUT_OF_RANGE: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" is out of range (expected {expected}).',
      'zh-CN': '字段“{field}”超出范围（应为 {expected}）。',
    },
  },
  INVALID_FORMAT: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" has an invalid format (expected {expected}).',
      'zh-CN': '字段“{field}”格式无效（应为 {expected}）。',
    },
  },
  NUL_CHARACTER: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" contains a NUL character (U+0000), which is not accepted.',
      'zh-CN': '字段“{field}”包含 NUL 字符（U+0000），不被接受。',
    },
  },
  INVALID_UNICODE: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" contains a lone UTF-16 surrogate, which is not valid Unicode text.',
      'zh-CN': '字段“{field}”包含孤立的 UTF-16 代理项，不是有效的 Unicode 文本。',
    },
  },
  INVALID_REQUEST: {
    kind: 'invalid',
    messages: { en: 'The request is invalid.', 'zh-CN': '请求无效。' },
  },
  UNAUTHENTICATED: {
    kind: 'unauthenticated',
    messages: { en: 'Authentication is required.', 'zh-CN': '需要身份验证。' },
  },
  PERMISSION_DENIED: {
    kind: 'denied',
    messages: {
      en: 'You do not have permission to perform "{operation}".',
      'zh-CN': '您没有执行“{operation}”的权限。',
    },
  },
  NOT_FOUND: {
    kind: 'not_found',
    messages: { en: 'The requested {resource} was not found.', 'zh-CN': '未找到所请求的{resource}。' },
  },
  CONFLICT: {
    kind: 'conflict',
    messages: { en: 'The request conflicts with the current state.', 'zh-CN': '请求与当前状态冲突。' },
  },
  RULE_VIOLATION: {
    kind: 'rule',
    messages: { en: 'The request breaks a business rule: {reason}', 'zh-CN': '请求违反业务规则：{reason}' },
  },
  RATE_LIMITED: {
    kind: 'limited',
    messages: {
      en: 'Too many requests; try again in {retryAfter} seconds.',
      'zh-CN': '请求过多，请在 {retryAfter} 秒后重试。',
    },
    // Every 429 says when to try again, wherever the refusal surfaces (an approved call answered by `ai.approve`).
    headers: ['retry-after'],
  },
  CANCELLED: {
    kind: 'cancelled',
    messages: { en: 'The call was cancelled.', 'zh-CN': '调用已取消。' },
  },
  DEADLINE_EXCEEDED: {
    kind: 'timeout',
    messages: { en: 'The call did not finish before its deadline.', 'zh-CN': '调用未能在截止时间前完成。' },
  },
  UNAVAILABLE: {
    kind: 'unavailable',
    messages: { en: 'The service is temporarily unavailable.', 'zh-CN': '服务暂时不可用。' },
  },
  INTERNAL: {
    kind: 'internal',
    messages: { en: 'An internal error occurred.', 'zh-CN': '发生内部错误。' },
  },
  INVALID_CONFIGURATION: {
    kind: 'internal',
    messages: { en: 'Invalid configuration: {reason}', 'zh-CN': '配置无效：{reason}' },
  },
  IDEMPOTENCY_KEY_REUSED: {
    kind: 'conflict',
    messages: {
      en: 'The Idempotency-Key was already used for a different request.',
      'zh-CN': '该 Idempotency-Key 已用于另一个不同的请求。',
    },
  },
  INVALID_IDEMPOTENCY_KEY: {
    kind: 'invalid',
    messages: {
      en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      'zh-CN': 'Idempotency-Key 请求头必须是 1 到 255 个可见 ASCII 字符。',
    },
  },
  REPEATED_IDEMPOTENCY_KEY: {
    kind: 'invalid',
    messages: {
      en: 'The Idempotency-Key header was sent more than once; send it once, with one key.',
      'zh-CN': 'Idempotency-Key 请求头发送了不止一次；请只发送一次，并且只带一个键。',
    },
  },
});

/** A code Opwire itself raises. */
export type CoreErrorCode = keyof typeof coreErrors;
