import type { Locale } from '@opwire/core';

type Reason = Readonly<Record<Locale, string>>;

const lineEnding: Reason = {
  en: 'a line does not end with CRLF',
  'zh-CN': '有一行不是以 CRLF 结尾',
};
const requestLine: Reason = {
  en: 'the request line must be "METHOD target HTTP/1.1", with no space or control character in the target',
  'zh-CN': '请求行必须是“方法 目标 HTTP/1.1”，目标中不能有空格或控制字符',
};

/** An HTTP/1.1 request without `Host`, which Node's parser lets through and its server would refuse bare. */
export const noHostReason: Reason = {
  en: 'an HTTP/1.1 request must name its host in a Host header',
  'zh-CN': 'HTTP/1.1 请求必须在 Host 头中指明主机',
};

/**
 * What Node's HTTP parser (llhttp) found wrong, by its error code, said in words a client's author can act on.
 * The parser's own texts are English only and name its states (`Expected HTTP/, RTSP/ or ICE/`).
 */
const reasons: Readonly<Record<string, Reason>> = {
  HPE_INVALID_METHOD: {
    en: 'the request does not start with an HTTP method (was TLS or another protocol sent to a plain HTTP port?)',
    'zh-CN': '请求不是以 HTTP 方法开头（是否把 TLS 或其他协议发到了明文 HTTP 端口？）',
  },
  HPE_INVALID_URL: requestLine,
  HPE_INVALID_CONSTANT: requestLine,
  HPE_UNEXPECTED_SPACE: requestLine,
  HPE_INVALID_VERSION: {
    en: 'the HTTP version must be HTTP/1.0 or HTTP/1.1, followed by CRLF',
    'zh-CN': 'HTTP 版本必须是 HTTP/1.0 或 HTTP/1.1，后跟 CRLF',
  },
  HPE_INVALID_HEADER_TOKEN: {
    en: 'a header field has a character not allowed in its name or value, or is folded onto a second line',
    'zh-CN': '某个头字段的名称或值含有不允许的字符，或被折行到了第二行',
  },
  HPE_LF_EXPECTED: lineEnding,
  HPE_CR_EXPECTED: lineEnding,
  HPE_STRICT: lineEnding,
  HPE_INVALID_CONTENT_LENGTH: {
    en: 'Content-Length must be a non-negative whole number of bytes',
    'zh-CN': 'Content-Length 必须是非负整数（字节数）',
  },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    en: 'Content-Length is sent more than once',
    'zh-CN': 'Content-Length 出现了不止一次',
  },
  HPE_INVALID_TRANSFER_ENCODING: {
    en: 'Transfer-Encoding must end with "chunked" and cannot be sent with Content-Length',
    'zh-CN': 'Transfer-Encoding 必须以“chunked”结尾，且不能与 Content-Length 同时发送',
  },
  HPE_INVALID_CHUNK_SIZE: {
    en: 'a chunk size is not a hexadecimal number followed by CRLF',
    'zh-CN': '分块大小不是后跟 CRLF 的十六进制数',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    en: "a chunk's extensions are too long",
    'zh-CN': '分块扩展过长',
  },
  HPE_INVALID_EOF_STATE: {
    en: 'the connection ended in the middle of the request',
    'zh-CN': '连接在请求中途结束',
  },
};

/** llhttp faults on whichever of the two comes second, as that header's own code. */
const lengthWithTransferEncoding: Reason = {
  en: 'Content-Length cannot be sent with Transfer-Encoding',
  'zh-CN': 'Content-Length 不能与 Transfer-Encoding 同时发送',
};

const unparsable: Reason = {
  en: 'it cannot be parsed',
  'zh-CN': '无法解析',
};

/**
 * Why Node's parser refused a request, in every locale, for a `MALFORMED_REQUEST` answer; `parserReason` is
 * llhttp's own text, which tells apart faults it reports under one code.
 */
export function parserErrorReason(code: string | undefined, parserReason?: string): Reason {
  if (code === 'HPE_INVALID_CONTENT_LENGTH' && parserReason?.includes('Transfer-Encoding'))
    return lengthWithTransferEncoding;
  return (code === undefined ? undefined : reasons[code]) ?? unparsable;
}
