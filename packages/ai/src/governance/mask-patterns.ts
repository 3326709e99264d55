/** A kind of value to hide inside strings: each match is replaced (when `accept` agrees). */
export interface MaskPattern {
  readonly name: string;
  /** Needs the `g` flag. */
  readonly pattern: RegExp;
  /** The text put in place of a match, or a function of the match. */
  readonly replacement: string | ((match: string) => string);
  /** Extra check of a match (a card number's Luhn digit); a match it refuses stays. */
  readonly accept?: (match: string) => boolean;
}

const luhn = (match: string): boolean => {
  const digits = match.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

const token = (name: string, pattern: RegExp): MaskPattern => ({ name, pattern, replacement: '[token]' });

// Each pattern starts where a look-behind says a run begins and repeats no group, so a long run is scanned once,
// never again from each of its characters (100,000 letters took seconds when the email could start anywhere).
/** The value patterns masked by default, applied in this order (before the values of secret-named keys). */
export const defaultMaskPatterns: readonly MaskPattern[] = [
  {
    // 我的密码是 hunter2, 密码：hunter2, API 密钥为 abc (is: 是 / 为, colons full- or half-width).
    name: 'secret-in-chinese-text',
    pattern: /(?:密码|口令|密钥|令牌)\s*(?:是|为|[:：=])\s*["'“]?[^\s"',;，。；”]+/g,
    replacement: (match) => match.replace(/((?:是|为|[:：=])\s*["'“]?)[^\s"',;，。；”]+$/, '$1[masked]'),
  },
  {
    name: 'private-key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[^-]*(?:-----END [A-Z ]*PRIVATE KEY-----)?/g,
    replacement: '[private key]',
  },
  { name: 'bearer', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, replacement: 'Bearer [token]' },
  token('jwt', /(?<![\w-])eyJ[\w-]+\.[\w-]+\.[\w-]*/g),
  token('api-key', /\b(?:sk|pk|rk)[-_](?:live[-_]|test[-_]|proj[-_])?[\w-]{16,}/g),
  token('github-token', /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{22,})/g),
  token('gitlab-token', /(?<![A-Za-z0-9])glpat-[\w-]{20,}/g),
  token('aws-access-key-id', /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g),
  token('slack-token', /(?<![A-Za-z0-9])(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}/g),
  token('stripe-webhook-secret', /(?<![A-Za-z0-9])whsec_[A-Za-z0-9]{24,}/g),
  token('google-api-key', /(?<![\w-])AIza[\w-]{35}(?![\w-])/g),
  token('npm-token', /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g),
  {
    name: 'email',
    pattern: /(?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9-][A-Za-z0-9.-]*\.[A-Za-z]{2,}/g,
    replacement: '[email]',
  },
  { name: 'card', pattern: /(?<![\w-])(?:\d[ -]?){12,18}\d(?![\w-])/g, replacement: '[card]', accept: luhn },
  {
    name: 'phone',
    pattern: /(?<![\w-])\+?\d[\d ().-]{7,18}\d(?![\w-])/g,
    replacement: '[phone]',
    // Nine digits or more, and not a date such as 2030-01-01 12:00.
    accept: (match) => match.replace(/\D/g, '').length >= 9 && !/^\d{4}-\d{2}-\d{2}/.test(match),
  },
];
