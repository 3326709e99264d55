import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConsole } from './console-context.js';
import { CostChart } from './cost-chart.js';
import { replaceQuery } from './filter-address.js';
import { fallbackCurrency, formatCost, formatCount, formatTime } from './format.js';
import type { CostRow } from './governance-types.js';
import { MetricCards } from './metric-cards.js';
import { Forbidden, isForbidden, LoadFailed, Loading } from './page-state.js';
import {
  type RangeChoice,
  rangeFromQuery,
  rangeKey,
  rangeOf,
  rangeProblem,
  rangeQuery,
  TimeRange,
} from './time-range.js';
import { useLoad } from './use-load.js';
import { useSettledRange } from './use-settled-range.js';

/** The currency most of the cost is in (charts plot one currency; the cards list every one). */
export function mainCurrency(rows: readonly CostRow[]): string | undefined {
  const sums = new Map<string, number>();
  for (const row of rows)
    for (const cost of row.costs) sums.set(cost.currency, (sums.get(cost.currency) ?? 0) + cost.amount);
  return [...sums.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** `/console/cost`: metric cards and bar charts of cost by model, requests by user and input tokens by model. */
export function CostPage() {
  const { client, text, locale, signOut } = useConsole();
  // The range starts from the address, and is written back to it as it changes.
  const [range, setRange] = useState<RangeChoice>(() => rangeFromQuery(new URLSearchParams(location.search)));
  useEffect(() => replaceQuery(rangeQuery(range)), [range]);
  const settled = useSettledRange(range);
  const loaded = useLoad(
    () => client.summarizeCost(settled ? rangeOf(settled) : {}),
    settled ? rangeKey(settled) : undefined,
  );
  if (isForbidden(loaded.error)) return <Forbidden text={text} onSignOut={signOut} />;
  const summary = loaded.value;
  const label = (row: CostRow) => row.key ?? text.charts.unknown;
  const currency =
    (summary && (mainCurrency(summary.byModel) ?? summary.totals.currency)) ?? fallbackCurrency;
  const costIn = (row: CostRow) => row.costs.find((cost) => cost.currency === currency)?.amount ?? 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          {text.nav.cost}
        </Title>
        <TimeRange value={range} onChange={setRange} text={text} />
      </Group>
      {summary ? (
        <Text size="sm" c="dimmed">
          {formatTime(summary.from, locale)} – {formatTime(summary.to, locale)}
        </Text>
      ) : null}
      <MetricCards
        totals={summary?.totals}
        failed={loaded.error !== undefined || rangeProblem(range) !== undefined}
        text={text}
        locale={locale}
      />
      {loaded.error ? <LoadFailed error={loaded.error} text={text} onRetry={loaded.reload} /> : null}
      {!summary && loaded.loading ? <Loading text={text} /> : null}
      {summary ? (
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
          <CostChart
            name="cost-by-model"
            title={text.charts.costByModel}
            bars={summary.byModel.map((row) => ({ label: label(row), value: costIn(row) }))}
            color="blue.7"
            format={(value) => formatCost({ amount: value, currency }, locale)}
            empty={text.charts.noData}
          />
          <CostChart
            name="requests-by-user"
            title={text.charts.requestsByUser}
            bars={summary.byPrincipal.map((row) => ({ label: label(row), value: row.requests }))}
            color="teal.8"
            format={(value) => formatCount(value, locale)}
            empty={text.charts.noData}
            whole
          />
          <CostChart
            name="input-tokens-by-model"
            title={text.charts.inputTokensByModel}
            bars={summary.byModel.map((row) => ({ label: label(row), value: row.inputTokens }))}
            color="grape.7"
            format={(value) => formatCount(value, locale)}
            empty={text.charts.noData}
            whole
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
