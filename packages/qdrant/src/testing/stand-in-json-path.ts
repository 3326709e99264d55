import { StandInError, unsupported } from './stand-in-error.js';

// Qdrant's JSON path syntax (`lib/segment/src/json_path/parse.rs`): keys of Unicode letters, digits, "_" and
// "-", or any text in double quotes (no escapes), joined by "."; `[]` after a key reads every array element.
const plainKey = /^[\p{Alphabetic}\p{N}_-]+/u;
const quotedKey = /^"([^"\\]*)"/;

const invalid = (path: string) =>
  new StandInError(400, `Format error in JSON body: invalid payload key ${JSON.stringify(path)}`);

/**
 * The keys a payload path names, in order (`metadata."a.b"` → `metadata`, `a.b`); `[]` steps are dropped, as
 * arrays are read element by element anyway. A path Qdrant would not parse is refused with its 400.
 */
export function parsePayloadPath(path: string): string[] {
  const keys: string[] = [];
  let rest = path;
  const takeKey = (): boolean => {
    const found = plainKey.exec(rest) ?? quotedKey.exec(rest);
    if (!found) return false;
    keys.push(found[1] ?? found[0]);
    rest = rest.slice(found[0].length);
    return true;
  };
  if (!takeKey()) throw invalid(path);
  while (rest.length > 0) {
    if (rest.startsWith('[]')) rest = rest.slice(2);
    else if (/^\[\d+\]/.test(rest)) throw unsupported('array indexes in payload keys');
    else if (rest.startsWith('.')) {
      rest = rest.slice(1);
      if (!takeKey()) throw invalid(path);
    } else throw invalid(path);
  }
  return keys;
}
