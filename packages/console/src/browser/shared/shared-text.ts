import type { PageLocale } from './page-config.js';

/** The strings the sign-in form and the page chrome share. */
export interface SharedText {
  readonly signInTitle: string;
  readonly signInIntro: string;
  readonly pickAccount: string;
  readonly tokenLabel: string;
  readonly signIn: string;
  readonly signOut: string;
  readonly signedInAs: (label: string) => string;
  readonly language: string;
  readonly customToken: string;
  /** Shown on the sign-in card when the server stopped accepting the token the page signed in with. */
  readonly tokenRejected: string;
  /** Beside the token field: what was typed holds a character no token has (one a browser cannot send). */
  readonly tokenUnsendable: (character: string) => string;
}

/** The shared strings per language. */
export const sharedTexts: Readonly<Record<PageLocale, SharedText>> = {
  en: {
    signInTitle: 'Sign in',
    signInIntro: 'Pick an account to sign in with, or paste a bearer token.',
    pickAccount: 'Demo accounts',
    tokenLabel: 'Bearer token',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedInAs: (label) => `Signed in as ${label}`,
    language: 'Language',
    customToken: 'Token',
    tokenRejected:
      'The server did not accept the token you signed in with: it is wrong, or no longer valid. Sign in again.',
    tokenUnsendable: (character) =>
      `A token holds only printable ASCII characters, not ${character} (${codePointOf(character)}): was it pasted with its quotes or a space?`,
  },
  'zh-CN': {
    signInTitle: '登录',
    signInIntro: '选择一个账号登录，或粘贴一个 Bearer 令牌。',
    pickAccount: '演示账号',
    tokenLabel: 'Bearer 令牌',
    signIn: '登录',
    signOut: '退出登录',
    signedInAs: (label) => `当前用户：${label}`,
    language: '语言',
    customToken: '令牌',
    tokenRejected: '服务器不接受你登录所用的令牌：令牌有误，或已失效。请重新登录。',
    tokenUnsendable: (character) =>
      `令牌只包含可打印的 ASCII 字符，不能有 ${character}（${codePointOf(character)}）：是否连同引号或空格一起粘贴了？`,
  },
};

/** A character's code point as Unicode writes it (`U+201C`): a space or a lookalike quote is then named plainly. */
function codePointOf(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The names of the languages, each in its own language. */
export const localeNames: Readonly<Record<PageLocale, string>> = { en: 'English', 'zh-CN': '简体中文' };
