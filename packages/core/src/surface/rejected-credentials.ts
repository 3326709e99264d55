import type { Locale } from '../errors/locale.js';

/**
 * The detail of a 401 `UNAUTHENTICATED` to a request that did send credentials (a token the authenticator
 * refused): the code stays, and the text says the token was not accepted rather than that none was sent.
 */
export const rejectedCredentials: Readonly<Record<Locale, string>> = {
  en: 'The credentials sent were not accepted: the token is unknown, expired or malformed. Authenticate again.',
  'zh-CN': '所发送的凭据未被接受：令牌未知、已过期或格式有误。请重新进行身份验证。',
};
