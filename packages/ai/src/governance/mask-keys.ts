/**
 * The keys masked by default. Plurals are listed one by one: `tokens` would also hide `inputTokens`, a count.
 */
export const defaultMaskedKeys: readonly string[] = [
  'password',
  'passwords',
  'passwd',
  'pwd',
  'secret',
  'secrets',
  'token',
  'authorization',
  'api key',
  'access key',
  'private key',
  'cookie',
  'cookies',
  'credential',
  'credentials',
];

/** Judges keys by their words, and hides the values such keys are given in text. */
export interface KeyMatcher {
  /**
   * Whether `key` names a secret; `before` is the word written ahead of it in text, so `API key is …` matches
   * `api key` (the run must go on into the key: in `secret garden is …` no key named `secret` is given a value).
   */
  matches(key: string, before?: string): boolean;
  /** Replaces the values of secret-named keys written in text (`DB_PASSWORD=…`, `"clientSecret": "…"`, `?access_token=…&`). */
  maskValues(text: string): string;
}

/** Builds the matcher of `keys`, matched on words whatever the case or separator (`token`: `accessToken`, `X-Token`). */
export function createKeyMatcher(keys: readonly string[]): KeyMatcher {
  const rules = keys.map(wordsOf).filter((rule) => rule.length > 0);
  // Text naming none of the keys' first words (most text) is not searched for assignments.
  const hint = rules.length === 0 ? undefined : new RegExp(rules.map((rule) => rule[0]).join('|'), 'i');
  // Payloads repeat the same few keys, so each key is judged once (the memo is cleared when it grows large).
  const judged = new Map<string, boolean>();
  const judge = (key: string) => {
    let verdict = judged.get(key);
    if (verdict === undefined) {
      const words = wordsOf(key);
      const joined = words.join('');
      verdict = rules.some((rule) => joined === rule.join('') || containsRun(words, rule));
      if (judged.size >= 1_000) judged.clear();
      judged.set(key, verdict);
    }
    return verdict;
  };
  const matches = (key: string, before?: string) => {
    if (judge(key)) return true;
    if (before === undefined) return false;
    const [beforeWords, keyWords] = [wordsOf(before), wordsOf(key)];
    return rules.some((rule) => crosses(beforeWords, keyWords, rule));
  };
  return { matches, maskValues: (text) => (hint?.test(text) ? maskValuesIn(text, matches) : text) };
}

// A key, the word before it (`API key`) and `=`, `:` or ` is `; the look-behind lets a match start only where a
// run of key characters starts, so a run is read once however long it is.
const assignment = /(?<![\w-])(?:([\w-]+) +)?([\w-]+)(?![\w-])["']?(?:\s*[:=]|\s+is\s)\s*/gi;
const scheme = /(?:Bearer|Basic|Digest)\s+/iy;
const placeholder = /\[(?:masked|token|email|card|phone|private key)\]/y;
const quoted = /"[^"\n]{1,200}"|'[^'\n]{1,200}'|“[^”\n]{1,200}”/y;
const bare = /["'“]?([^\s"',;”]+)/y;
const nextParameter = /&[\w.-]+=/;

function maskValuesIn(text: string, sensitive: KeyMatcher['matches']): string {
  let masked = '';
  let copied = 0;
  assignment.lastIndex = 0;
  for (let found = assignment.exec(text); found !== null; found = assignment.exec(text)) {
    const key = found[2] as string;
    if (!sensitive(key, found[1])) continue;
    const value = valueAt(text, assignment.lastIndex, key);
    if (value === undefined) continue;
    masked += `${text.slice(copied, value.start)}[masked]`;
    copied = value.end;
    assignment.lastIndex = value.end;
  }
  return copied === 0 ? text : masked + text.slice(copied);
}

/** Where the value starting at `from` lies: a quoted one whole, a bare one up to a space or a URL's next `&name=`. */
function valueAt(text: string, from: number, key: string): { start: number; end: number } | undefined {
  let start = from;
  if (/authorization/i.test(key)) {
    scheme.lastIndex = start;
    if (scheme.test(text)) start = scheme.lastIndex;
  }
  placeholder.lastIndex = start;
  if (placeholder.test(text)) return undefined; // already masked by a pattern ([token], [email])
  quoted.lastIndex = start;
  if (quoted.test(text)) return { start: start + 1, end: quoted.lastIndex - 1 };
  bare.lastIndex = start;
  const found = bare.exec(text);
  if (found === null) return undefined;
  const value = found[1] as string;
  const valueStart = bare.lastIndex - value.length;
  const cut = value.search(nextParameter);
  if (cut === 0) return undefined;
  return { start: valueStart, end: cut > 0 ? valueStart + cut : bare.lastIndex };
}

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start++) {
    if (run.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/** Whether `rule` ends `before` and goes on into the start of `key`. */
function crosses(before: readonly string[], key: readonly string[], rule: readonly string[]): boolean {
  for (let split = 1; split < rule.length; split++) {
    const head = rule.slice(0, split);
    const tail = rule.slice(split);
    if (head.length > before.length || tail.length > key.length) continue;
    const ending = before.slice(before.length - head.length);
    if (
      head.every((word, index) => ending[index] === word) &&
      tail.every((word, index) => key[index] === word)
    )
      return true;
  }
  return false;
}
