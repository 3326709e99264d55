/**
 * Names the JavaScript in a callgrind profile of node. Callgrind sees compiled JavaScript as bare addresses
 * (`???:0x…`); node started with `--perf-basic-prof` writes where it put each function's code to
 * `/tmp/perf-<pid>.map`. This reads `callgrind_annotate --inclusive=no` output on stdin, names each address
 * by the function whose code covered it (the one written last, when code was moved or its space reused),
 * and prints the functions that executed the most instructions per request, C++ and JavaScript together.
 * Usage (instructions.sh does it with FUNCTIONS=n): `callgrind_annotate --inclusive=no --threshold=100 dump |
 * npx tsx bench/http/name-jit-code.ts /tmp/perf-<pid>.map <requests> [top=40]`.
 */
import { readFileSync } from 'node:fs';

interface CodeRange {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

const [mapPath, requestsText, topText = '40'] = process.argv.slice(2);
if (!mapPath || !requestsText) throw new Error('usage: name-jit-code.ts <perf map> <requests> [top]');
const requests = Number(requestsText);

// Lines of `start size name`, in hexadecimal, in the order node wrote them. Addresses (48 bits) fit a number.
const ranges: CodeRange[] = [];
for (const line of readFileSync(mapPath, 'utf8').split('\n')) {
  const [start, size, ...name] = line.split(' ');
  if (!start || !size || name.length === 0) continue;
  const from = Number.parseInt(start, 16);
  ranges.push({ start: from, end: from + Number.parseInt(size, 16), name: name.join(' ') });
}

/** The function whose code was last written over this address. */
function nameOf(address: number): string | undefined {
  for (let index = ranges.length - 1; index >= 0; index--) {
    const range = ranges[index] as CodeRange;
    if (range.start <= address && address < range.end) return range.name;
  }
  return undefined;
}

const rows: Array<[number, string]> = [];
for (const line of readFileSync(0, 'utf8').split('\n')) {
  const match = /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.+)$/.exec(line);
  if (match?.[1] && match[2] && !match[2].startsWith('PROGRAM TOTALS'))
    rows.push([Number(match[1].replaceAll(',', '')), match[2]]);
}
// The frames that were on the stack when the counters were zeroed (main, the event loop) are listed with the
// thread's whole count: they are not work of their own.
const whole = Math.max(...rows.map(([cost]) => cost));
const costs = new Map<string, number>();
let javascript = 0;
for (const [cost, listed] of rows) {
  if (cost >= whole * 0.99) continue;
  const address = /^\?\?\?:0x([0-9a-f]+) \[\?\?\?\]$/.exec(listed)?.[1];
  const named = address === undefined ? undefined : nameOf(Number.parseInt(address, 16));
  if (address !== undefined) javascript += cost;
  // Our files are named from the repository; C++ names lose their unknown file and their library; code no
  // map line covers stays an address.
  const name =
    named?.replace(/file:\/\/\S*?\/(?=(?:packages|apps|test)\/)/, '') ??
    listed.replace(/^\?\?\?:/, '').replace(/ \[[^\]]*\]$/, '');
  costs.set(name, (costs.get(name) ?? 0) + cost);
}

console.log(
  `${Math.round(javascript / requests)} instructions per request in generated code (JIT, regular expressions)`,
);
for (const [name, cost] of [...costs].sort((left, right) => right[1] - left[1]).slice(0, Number(topText))) {
  console.log(`${String(Math.round(cost / requests)).padStart(8)}  ${name.slice(0, 160)}`);
}
