import { defineErrors } from '@opwire/core';
import { prototypePoisoning } from '@opwire/core/surface';

/** The codes the HTTP surface raises itself, before a request reaches the pipeline. */
export const httpErrors = defineErrors({
  MALFORMED_JSON: {
    kind: 'invalid',
    messages: { en: 'The request body is not valid JSON.', 'zh-CN': '请求正文不是有效的 JSON。' },
  },
  PROTOTYPE_POISONING: prototypePoisoning,
  UNSUPPORTED_MEDIA_TYPE: {
    kind: 'unsupported',
    messages: {
      en: 'The request body must be sent as application/json.',
      'zh-CN': '请求正文必须以 application/json 格式发送。',
    },
  },
  UNSUPPORTED_CHARSET: {
    kind: 'unsupported',
    messages: {
      en: 'The request body must be encoded in UTF-8, not {charset}.',
      'zh-CN': '请求正文必须使用 UTF-8 编码，而不是 {charset}。',
    },
  },
  UNSUPPORTED_CONTENT_ENCODING: {
    kind: 'unsupported',
    messages: {
      en: 'The request body must not be compressed: only Content-Encoding identity is accepted.',
      'zh-CN': '请求正文不能压缩：Content-Encoding 只接受 identity。',
    },
    headers: ['accept-encoding'],
  },
  NOT_ACCEPTABLE: {
    kind: 'not_acceptable',
    messages: {
      en: "This route answers only with {produces}, which the request's Accept header does not allow.",
      'zh-CN': '此路由只以 {produces} 作答，而请求的 Accept 头不接受该类型。',
    },
  },
  PAYLOAD_TOO_LARGE: {
    kind: 'too_large',
    messages: {
      en: 'The request body exceeds the limit of {limit} bytes.',
      'zh-CN': '请求正文超过了 {limit} 字节的限制。',
    },
  },
  ROUTE_NOT_FOUND: {
    kind: 'not_found',
    messages: { en: 'No route matches {method} {path}.', 'zh-CN': '没有与 {method} {path} 匹配的路由。' },
  },
  MALFORMED_PATH: {
    kind: 'invalid',
    messages: {
      en: 'The request path {path} is not valid: {reason}.',
      'zh-CN': '请求路径 {path} 无效：{reason}。',
    },
  },
  MALFORMED_QUERY: {
    kind: 'invalid',
    messages: {
      en: 'The query parameter "{field}" is not valid: {reason}.',
      'zh-CN': '查询参数“{field}”无效：{reason}。',
    },
  },
  UNEXPECTED_QUERY: {
    kind: 'invalid',
    messages: {
      en: 'This route reads its input from the JSON body, not the query string: remove the query parameter "{field}".',
      'zh-CN': '此路由从 JSON 请求正文读取输入，不读取查询字符串：请去掉查询参数“{field}”。',
    },
  },
  METHOD_NOT_ALLOWED: {
    kind: 'method',
    messages: {
      en: 'Method {method} is not allowed here; use {allow}.',
      'zh-CN': '此处不允许使用 {method} 方法；请使用 {allow}。',
    },
  },
  MALFORMED_REQUEST: {
    kind: 'invalid',
    messages: {
      en: 'The request is not valid HTTP/1.1 ({reason}).',
      'zh-CN': '请求不是有效的 HTTP/1.1（{reason}）。',
    },
  },
  EXPECTATION_FAILED: {
    kind: 'invalid',
    messages: {
      en: 'The request expects "{expectation}", which this server does not support; only "100-continue" is.',
      'zh-CN': '请求要求“{expectation}”，此服务器不支持；仅支持“100-continue”。',
    },
  },
  HEADERS_TOO_LARGE: {
    kind: 'invalid',
    messages: { en: 'The request headers are too large.', 'zh-CN': '请求头过大。' },
  },
  REQUEST_TIMEOUT: {
    kind: 'invalid',
    messages: {
      en: 'The request was not received within the time allowed.',
      'zh-CN': '未能在允许的时间内收到完整请求。',
    },
  },
});

/** A code the HTTP surface raises itself. */
export type HttpErrorCode = keyof typeof httpErrors;
