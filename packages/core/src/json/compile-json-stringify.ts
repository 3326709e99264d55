/** `JSON.stringify` compiled for one schema, telling whether the text it last returned is ASCII only. */
export interface JsonStringify {
  (value: unknown): string | undefined;
  /**
   * True when every character of the text the last call returned is ASCII, so that its UTF-8 length is its
   * length and it may be sent as Latin-1; false when it is not or the writer cannot tell (JSON.stringify wrote it).
   */
  readonly ascii: boolean;
}

/**
 * Compiles `JSON.stringify` for one response schema: the function returned gives the same text as
 * `JSON.stringify` for every value (or throws what it throws), and gets there faster for a value
 * shaped like the schema, writing the schema's objects and arrays with straight-line code instead of
 * V8's generic walk. (fastify does the same with fast-json-stringify, but writes what its schema
 * says rather than what the value holds.) A part of the value that is not shaped like its schema
 * (an unknown key, keys in another order, a class instance) is handed to `JSON.stringify` whole.
 * Looking at every character of the strings it writes anyway, it also tells whether the text is ASCII
 * (`ascii`): the server then sends it without measuring its UTF-8 length or encoding it.
 */
export function compileJsonStringify(schema: unknown): JsonStringify {
  const compiler = new StringifyCompiler();
  const root = compiler.node(schema);
  if (root === 'leaf') return Object.assign((value: unknown) => JSON.stringify(value), { ascii: false });
  const source = `${compiler.functions.join('\n')}\nreturn ${root};`;
  const write = new Function('text', 'plainText', 'leaf', 'keys', source)(
    writeString,
    needsNoEscape,
    writeLeaf,
    compiler.keys,
  ) as (value: unknown) => string | undefined;
  // A key (or any constant text) beyond ASCII makes every text that is not only `[]` or a scalar unknown.
  const asciiConstants = compiler.keys.every((names) => names.every((name) => isAscii(JSON.stringify(name))));
  const stringify = ((value: unknown) => {
    // A count rather than a flag: a getter read on the way may run another writer, which must not reset it.
    const before = nonAsciiWrites;
    let text: string | undefined;
    try {
      text = write(value);
    } catch (thrown) {
      if (thrown !== giveUp) throw thrown;
      stringify.ascii = false;
      return JSON.stringify(value);
    }
    stringify.ascii = asciiConstants && nonAsciiWrites === before;
    return text;
  }) as { (value: unknown): string | undefined; ascii: boolean };
  stringify.ascii = false;
  return stringify;
}

/**
 * How many strings the writers wrote that may hold a character beyond ASCII: each one they found, and
 * each text `JSON.stringify` wrote for them (which they do not look at again).
 */
let nonAsciiWrites = 0;

/** How many strings the writers have found that may go beyond ASCII (a writer compares it before and after). */
export function nonAsciiCount(): number {
  return nonAsciiWrites;
}

export function isAscii(text: string): boolean {
  return !beyondAscii.test(text);
}

const beyondAscii = /[\u0080-\uffff]/;

/** Thrown where only `JSON.stringify` of the whole value is exact (a `toJSON` method, called with its key). */
export const giveUp = Symbol('give up');

/** Writes the schema's objects and arrays as functions of generated code; anything else is a leaf. */
class StringifyCompiler {
  readonly functions: string[] = [];
  readonly keys: (readonly string[])[] = [];
  private readonly names = new Map<object, string>();

  /** The expression naming the function that writes a value of `schema`, or 'leaf'. */
  node(schema: unknown): string {
    if (typeof schema !== 'object' || schema === null) return 'leaf';
    const known = this.names.get(schema);
    if (known) return known;
    const { type, properties, additionalProperties, patternProperties, items } = schema as Record<
      string,
      unknown
    >;
    const closedObject =
      type === 'object' &&
      typeof properties === 'object' &&
      properties !== null &&
      (additionalProperties === undefined || additionalProperties === false) &&
      patternProperties === undefined;
    const singleItems =
      type === 'array' && typeof items === 'object' && items !== null && !Array.isArray(items);
    if (!closedObject && !singleItems) return 'leaf';
    const name = `write${this.names.size}`;
    this.names.set(schema, name);
    const written = closedObject
      ? this.object(name, properties as Record<string, unknown>)
      : this.array(name, items);
    if (written === 'leaf') this.names.set(schema, 'leaf');
    return written;
  }

  /**
   * Checks that the value's own keys (in `for…in` order, which is `JSON.stringify`'s) follow the schema's
   * order, then writes the ones present. When all are, each of the expected type, it is one concatenation
   * of named property reads, which V8 makes cheap for values of one shape. An object of more than 30
   * properties (one bit each) is left to `JSON.stringify`.
   */
  private object(name: string, properties: Record<string, unknown>): string {
    const names = Object.keys(properties);
    if (names.length > 30) return 'leaf';
    if (names.length === 0) {
      this.functions.push(`function ${name}(value) {
  if (typeof value !== 'object' || value === null || value.toJSON !== undefined) return leaf(value);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return leaf(value);
  for (const key in value) return leaf(value);
  return '{}';
}`);
      return name;
    }
    const table = this.keys.push(names) - 1;
    const heads = names.map((key) => `${JSON.stringify(key)}:`);
    const reads = names.map((key, index) => `v${index} = value[${JSON.stringify(key)}]`);
    const shapes = names.map((key, index) => this.shape(properties[key], `v${index}`));
    const whole = wholeObject(heads, shapes);
    const eachPresent = names.map((key, index) => {
      const write = this.value(properties[key]);
      return `if (seen & ${2 ** index}) { const v = v${index}; const part = ${write}; if (part !== undefined) out += (out.length === 1 ? '' : ',') + ${JSON.stringify(heads[index])} + part; }`;
    });
    // `toJSON` is read first: after that read V8 knows the value's shape, and finds its prototype without a call.
    this.functions.push(`function ${name}(value) {
  if (typeof value !== 'object' || value === null || value.toJSON !== undefined) return leaf(value);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return leaf(value);
  const names = keys[${table}];
  let index = 0, seen = 0;
  for (const key in value) {
    while (key !== names[index]) if (++index >= ${names.length}) return leaf(value);
    seen |= 1 << index++;
  }
  const ${reads.join(', ')};
  if (seen === ${2 ** names.length - 1} && ${shapes.map((shape) => shape.test).join(' && ')}) return ${whole};
  let out = '{';
  ${eachPresent.join('\n  ')}
  return out + '}';
}`);
    return name;
  }

  /** For the one-concatenation path: what a property's value must be, and how it is then written. */
  private shape(
    schema: unknown,
    read: string,
  ): { readonly test: string; readonly write: string; readonly quoted?: boolean } {
    const type = primitiveType(schema);
    // A string with nothing to escape goes between quotes that are part of the literal text around it.
    if (type === 'string')
      return { test: `typeof ${read} === 'string' && plainText(${read})`, write: read, quoted: true };
    if (type === 'number')
      return { test: `typeof ${read} === 'number' && Number.isFinite(${read})`, write: read };
    if (type === 'boolean')
      return { test: `typeof ${read} === 'boolean'`, write: `(${read} ? 'true' : 'false')` };
    const node = this.node(schema);
    if (node !== 'leaf')
      return { test: `typeof ${read} === 'object' && ${read} !== null`, write: `${node}(${read})` };
    // Whatever the schema, a string, number, boolean or null is written by `leaf` without `JSON.stringify`.
    return {
      test: `(typeof ${read} === 'string' || typeof ${read} === 'number' || typeof ${read} === 'boolean' || ${read} === null)`,
      write: `leaf(${read})`,
    };
  }

  private array(name: string, items: unknown): string {
    this.functions.push(`function ${name}(value) {
  if (!Array.isArray(value) || value.toJSON !== undefined) return leaf(value);
  let out = '[';
  for (let index = 0; index < value.length; index++) {
    const v = value[index];
    const part = ${this.value(items)};
    out += (index === 0 ? '' : ',') + (part === undefined ? 'null' : part);
  }
  return out + ']';
}`);
    return name;
  }

  /** The expression writing `v` (undefined where `JSON.stringify` leaves it out). */
  private value(schema: unknown): string {
    const type = primitiveType(schema);
    if (type === 'string') return `typeof v === 'string' ? text(v) : leaf(v)`;
    if (type === 'number') return `typeof v === 'number' && Number.isFinite(v) ? '' + v : leaf(v)`;
    if (type === 'boolean') return `v === true ? 'true' : v === false ? 'false' : leaf(v)`;
    return `${this.node(schema)}(v)`;
  }
}

/**
 * The one concatenation writing an object whose properties are all there, in order (`heads` are their `"key":`).
 * The constant text between values is merged into one literal each: a string's quotes with the keys around it.
 */
export function wholeObject(
  heads: readonly string[],
  shapes: readonly { readonly write: string; readonly quoted?: boolean | undefined }[],
): string {
  const pieces: string[] = [];
  let literal = '';
  shapes.forEach((shape, index) => {
    literal += `${index === 0 ? '{' : ','}${heads[index]}${shape.quoted ? '"' : ''}`;
    pieces.push(JSON.stringify(literal), shape.write);
    literal = shape.quoted ? '"' : '';
  });
  pieces.push(JSON.stringify(`${literal}}`));
  return pieces.join(' + ');
}

/** The one JSON type a schema's values have when it is a string, number or boolean (or literals of one). */
function primitiveType(schema: unknown): 'string' | 'number' | 'boolean' | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { type, anyOf } = schema as { type?: unknown; anyOf?: unknown };
  if (type === 'string' || type === 'boolean') return type;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === undefined && Array.isArray(anyOf) && anyOf.length > 0) {
    const types = new Set(anyOf.map(primitiveType));
    const [only] = types;
    return types.size === 1 ? only : undefined;
  }
  return undefined;
}

/** What `JSON.stringify` writes for a value no schema function took: primitives here, the rest by it. */
export function writeLeaf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return writeString(value);
    case 'number':
      return Number.isFinite(value) ? `${value}` : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw giveUp;
      nonAsciiWrites++;
      return JSON.stringify(value);
    case 'bigint':
      // JSON.stringify of the whole value throws the TypeError it throws for a BigInt.
      throw giveUp;
    default:
      return undefined;
  }
}

/** Characters `JSON.stringify` escapes: controls, quote, backslash, and surrogates (a lone one is escaped). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for here
const needsEscape = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** Characters other than printable ASCII without quote and backslash: one test clears a long ASCII string. */
const notPlainAscii = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** A string as JSON: quoted as it is when nothing in it needs escaping, else by `JSON.stringify`. */
export function writeString(value: string): string {
  if (needsNoEscape(value)) return `"${value}"`;
  nonAsciiWrites++;
  return JSON.stringify(value);
}

/** Whether `JSON.stringify` writes the string as it is, between quotes; counts it when it goes beyond ASCII. */
export function needsNoEscape(value: string): boolean {
  const length = value.length;
  if (length > 40) {
    if (!notPlainAscii.test(value)) return true;
    // Beyond ASCII, or only a quote or a control: counted either way (the count may say more than there is).
    nonAsciiWrites++;
    return !needsEscape.test(value);
  }
  let seen = 0;
  for (let index = 0; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return false;
    seen |= code;
  }
  if (seen > 0x7f) nonAsciiWrites++;
  return true;
}
