import { afterAll, beforeAll, expect, it } from 'vitest';
import { filterLimits } from '../../../packages/console/src/browser/console/filter-limits.js';
import { type RunningShop, startShop } from './shop-harness.js';

let running: RunningShop;
beforeAll(async () => {
  running = await startShop();
}, 120_000);
afterAll(async () => {
  await running?.close();
}, 60_000);

interface QueryParameter {
  readonly name: string;
  readonly in: string;
  readonly schema?: { readonly maxLength?: number };
}

// The console's filter boxes stop at these lengths (its bundle cannot import the server's schemas): a limit
// longer than the operation's would send requests the server refuses, a shorter one would refuse what it takes.
it("keeps the console's filter limits equal to the governance operations' maxLength in the shop's OpenAPI", async () => {
  const document = (await running.request('/openapi.json')).body as {
    paths: Record<string, { get?: { parameters?: QueryParameter[] } }>;
  };
  const limitsOf = (path: string) =>
    Object.fromEntries(
      (document.paths[path]?.get?.parameters ?? [])
        // The time range and the paging cursor are not typed into a box.
        .filter((parameter) => parameter.in === 'query' && !['from', 'to', 'cursor'].includes(parameter.name))
        .filter((parameter) => parameter.schema?.maxLength !== undefined)
        .map((parameter) => [parameter.name, parameter.schema?.maxLength]),
    );
  const { turnId, ...turnFilters } = filterLimits;
  expect(limitsOf('/governance/turns')).toEqual(turnFilters);
  expect(limitsOf('/governance/audit')).toEqual({ turnId, principalId: filterLimits.principalId });
});
