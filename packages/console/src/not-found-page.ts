import type { Locale } from '@opwire/core';
import type { CustomRoute } from '@opwire/http';
import { htmlPageHeaders } from './page-headers.js';
import { escapeHtml } from './page-routes.js';

interface NotFoundText {
  readonly title: string;
  readonly heading: string;
  readonly body: string;
  readonly link: string;
}

const texts: Readonly<Record<Locale, NotFoundText>> = {
  en: {
    title: 'Page not found · Opwire console',
    heading: 'Page not found',
    body: 'The console has no page at this address.',
    link: 'Open the console',
  },
  'zh-CN': {
    title: '找不到此页面 · Opwire 控制台',
    heading: '找不到此页面',
    body: '控制台在此地址没有页面。',
    link: '打开控制台',
  },
};

// Inline styles only: the pages' content security policy allows them, and the page loads nothing else.
const style =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;color:#212529}' +
  'main{max-width:520px;margin:20vh auto 0;padding:0 16px;text-align:center}' +
  'h1{font-size:1.6rem;margin:0 0 12px}p{color:#525c6b;margin:0 0 20px}a{color:#1864ab;font-weight:600}';

/** The console's not-found page in a language: what happened, and a link to the console at `home`. */
export function renderNotFoundHtml(home: string, locale: Locale): string {
  const text = texts[locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.title)}</title><style>${style}</style></head><body><main><h1>${escapeHtml(text.heading)}</h1><p>${escapeHtml(text.body)}</p><a href="${escapeHtml(home)}">${escapeHtml(text.link)}</a></main></body></html>`;
}

/** A public route answering 404 with the not-found page, in the caller's language, for any other path under `path`. */
export function notFoundPageRoute(path: string): CustomRoute {
  const html: Record<Locale, string> = {
    en: renderNotFoundHtml(path, 'en'),
    'zh-CN': renderNotFoundHtml(path, 'zh-CN'),
  };
  return {
    method: 'GET',
    path: `${path}/*`,
    public: true,
    openapi: false,
    handle: ({ locale }) => new Response(html[locale], { status: 404, headers: htmlPageHeaders(locale) }),
  };
}
