/** What a span says about one SQL statement, read from its text alone. */
export interface StatementDescription {
  /** The statement's first keyword, upper-cased: `SELECT`, `INSERT`, `BEGIN`… (`db.operation.name`). */
  readonly operation: string | undefined;
  /** The one table the statement reads or writes, when its text names exactly one (`db.collection.name`). */
  readonly collection: string | undefined;
  /** The text to record (`db.query.text`): as written when values travel as parameters, else literals as `?`. */
  readonly text: string;
}

const leadingComments = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/;
const identifier = String.raw`((?:"[^"]+"|[a-zA-Z_][\w$]*)(?:\.(?:"[^"]+"|[a-zA-Z_][\w$]*))?)`;
const targets: ReadonlyArray<readonly [string, RegExp]> = [
  ['INSERT', new RegExp(String.raw`^INSERT\s+INTO\s+${identifier}`, 'i')],
  ['UPDATE', new RegExp(String.raw`^UPDATE\s+(?:ONLY\s+)?${identifier}`, 'i')],
  ['DELETE', new RegExp(String.raw`^DELETE\s+FROM\s+(?:ONLY\s+)?${identifier}`, 'i')],
  ['SELECT', new RegExp(String.raw`\sFROM\s+${identifier}`, 'i')],
];
// A statement that reads from more than one table does not name "the" collection.
const severalTables = /\bJOIN\b|\bFROM\s+\S+\s*,|\(\s*SELECT\b|\bUNION\b/i;
// String literals ('it''s', E'…') and numbers that are not part of a name or a `$1` placeholder.
const literals = /(?:\b[eE])?'(?:[^']|'')*'|(?<![\w$.])-?\d+(?:\.\d+)?(?![\w.])/g;

/**
 * Reads a statement's operation and single table from its text, as the OpenTelemetry database conventions
 * ask, and the text to record: a parameterized statement as written (its values are never recorded), any
 * other with its string and number literals replaced by `?`.
 */
export function describeStatement(sql: string, parameterized: boolean): StatementDescription {
  const statement = sql.replace(leadingComments, '');
  const operation = /^[a-zA-Z]+/.exec(statement)?.[0]?.toUpperCase();
  return {
    operation,
    collection: collectionOf(statement, operation),
    text: parameterized ? sql : sql.replace(literals, '?'),
  };
}

function collectionOf(statement: string, operation: string | undefined): string | undefined {
  for (const [name, pattern] of targets) {
    if (name !== operation) continue;
    if (name === 'SELECT' && severalTables.test(statement)) return undefined;
    return pattern.exec(statement)?.[1]?.replace(/"/g, '');
  }
  return undefined;
}
