import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PageLocale } from '../shared/page-config.js';
import type { ConsoleText } from './console-text.js';
import { formatCosts, formatCount } from './format.js';
import type { ListTotals } from './governance-types.js';

/**
 * The four metric cards: requests, input tokens, output tokens and cost; "…" while the totals load, "—"
 * once loading them failed (the page's alert says why).
 */
export function MetricCards({
  totals,
  failed,
  text,
  locale,
}: {
  readonly totals: ListTotals | undefined;
  readonly failed: boolean;
  readonly text: ConsoleText;
  readonly locale: PageLocale;
}) {
  const cards = [
    { name: 'requests', label: text.metrics.requests, value: totals && formatCount(totals.requests, locale) },
    {
      name: 'input-tokens',
      label: text.metrics.inputTokens,
      value: totals && formatCount(totals.inputTokens, locale),
    },
    {
      name: 'output-tokens',
      label: text.metrics.outputTokens,
      value: totals && formatCount(totals.outputTokens, locale),
    },
    {
      name: 'cost',
      label: text.metrics.cost,
      value: totals && formatCosts(totals.costs, locale, totals.currency),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Paper key={card.name} withBorder p="md" radius="md" data-metric={card.name}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          <Text size="xl" fw={700} mt={4} data-value>
            {card.value ?? (failed ? '—' : '…')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
