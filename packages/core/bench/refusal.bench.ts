/**
 * How long validation takes to refuse a body whose one object holds far more keys than its schema's
 * `maxProperties` (the shape of knowledge ingest: documents, each with a bounded metadata record), against
 * the baseline every server pays anyway, `JSON.parse` of the same text, and against TypeBox's compiled
 * check alone (what ran first before objects over their bound were counted before anything walks them).
 * Run: pnpm --filter @opwire/core bench
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { compileValidator } from '../src/index.js';
import { closeSchema } from '../src/validation/close-schema.js';

const Metadata = Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]), {
  maxProperties: 64,
  propertyNames: { maxLength: 128 },
});
const schema = closeSchema(
  Type.Object({
    documents: Type.Array(
      Type.Object({ documentId: Type.String(), text: Type.String(), metadata: Metadata }),
    ),
  }),
);
const validate = compileValidator(schema);
const typeboxCheck = Compile(schema);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log('keys      JSON.parse ms  refused ms  ratio  TypeBox check alone ms');
for (const keys of [10_000, 100_000, 300_000]) {
  const metadata: Record<string, number> = {};
  for (let index = 0; index < keys; index++) metadata[`k${index}`] = index;
  const text = JSON.stringify({ documents: [{ documentId: 'd', text: 'a', metadata }] });
  const parse: number[] = [];
  const refuse: number[] = [];
  const typebox: number[] = [];
  for (let round = 0; round < 5; round++) {
    let started = performance.now();
    const body = JSON.parse(text);
    parse.push(performance.now() - started);
    started = performance.now();
    const issues = validate(body);
    refuse.push(performance.now() - started);
    if (issues?.[0]?.code !== 'OUT_OF_RANGE')
      throw new Error(`expected OUT_OF_RANGE, got ${JSON.stringify(issues)}`);
    started = performance.now();
    typeboxCheck.Check(body);
    typebox.push(performance.now() - started);
  }
  const [p, r, t] = [median(parse), median(refuse), median(typebox)];
  console.log(
    `${String(keys).padEnd(9)} ${p.toFixed(1).padStart(13)}  ${r.toFixed(1).padStart(10)}  ${(r / p).toFixed(2).padStart(5)}  ${t.toFixed(1).padStart(22)}`,
  );
}
