import { Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useConsole } from './console-context.js';
import type { TurnOutcome } from './console-text.js';
import { oneOf, replaceQuery, sentFilter, textFilter } from './filter-address.js';
import { FilterInput } from './filter-input.js';
import { filterLimits } from './filter-limits.js';
import { formatCost, formatCount, formatTime } from './format.js';
import type { TurnFilters, TurnRecord } from './governance-types.js';
import { MetricCards } from './metric-cards.js';
import { OutcomeBadge } from './outcome-badge.js';
import { Forbidden, isForbidden, LoadFailed, Loading, MoreButton } from './page-state.js';
import {
  defaultRange,
  type RangeChoice,
  rangeFromQuery,
  rangeProblem,
  rangeQuery,
  TimeRange,
} from './time-range.js';
import { TurnDetail } from './turn-detail.js';
import { useRangedList } from './use-ranged-list.js';

const textFilters = ['model', 'provider', 'principalId', 'conversationId', 'tool'] as const;
type TextFilter = (typeof textFilters)[number];
const outcomes = ['all', 'completed', 'failed', 'stopped'] as const;
const noFields: Record<TextFilter, string> = {
  model: '',
  provider: '',
  principalId: '',
  conversationId: '',
  tool: '',
};

/**
 * A name from the ledger on one line, cut with an ellipsis past 16 em and whole in its title: a provider's
 * 150-character model name pushed Cost, Tools, Latency and Outcome off a 1280 px screen.
 */
function Clipped({ value }: { readonly value: string | undefined }) {
  if (!value) return '—';
  return (
    <Text size="sm" truncate="end" maw="16em" title={value}>
      {value}
    </Text>
  );
}

/** `/console/turns`: the turn ledger with outcome segments, filters, metric cards and a detail view. */
export function TurnsPage() {
  const { client, text, locale, signOut } = useConsole();
  // The filters start from the address, and are written back to it as they change.
  const [initial] = useState(() => new URLSearchParams(location.search));
  const [outcome, setOutcome] = useState<TurnOutcome | 'all'>(() =>
    oneOf(initial.get('outcome'), outcomes, 'all'),
  );
  const [range, setRange] = useState<RangeChoice>(() => rangeFromQuery(initial));
  const [fields, setFields] = useState<Record<TextFilter, string>>(
    () =>
      Object.fromEntries(
        textFilters.map((name) => [name, textFilter(initial.get(name), filterLimits[name])]),
      ) as Record<TextFilter, string>,
  );
  useEffect(() => {
    replaceQuery({ ...(outcome === 'all' ? {} : { outcome }), ...fields, ...rangeQuery(range) });
  }, [outcome, fields, range]);
  const [debounced] = useDebouncedValue(fields, 300);
  const [selected, setSelected] = useState<TurnRecord | undefined>();
  const labels: Record<TextFilter, string> = {
    model: text.filters.model,
    provider: text.filters.provider,
    principalId: text.filters.user,
    conversationId: text.filters.conversation,
    tool: text.filters.tool,
  };
  const filters: TurnFilters = {
    ...(outcome === 'all' ? {} : { outcome }),
    ...Object.fromEntries(
      textFilters.flatMap((name) => {
        const value = sentFilter(debounced[name]);
        return value === undefined ? [] : [[name, value]];
      }),
    ),
  };
  const {
    loaded,
    first: page,
    items: turns,
    more,
  } = useRangedList(filters, range, client.listTurns, (each) => each.turns);
  if (isForbidden(loaded.error)) return <Forbidden text={text} onSignOut={signOut} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          {text.nav.turns}
        </Title>
        <TimeRange value={range} onChange={setRange} text={text} />
      </Group>
      <SegmentedControl
        aria-label={text.filters.outcome}
        value={outcome}
        onChange={(value) => setOutcome(value as TurnOutcome | 'all')}
        data={[
          { value: 'all', label: text.all },
          { value: 'completed', label: text.outcomes.completed },
          { value: 'failed', label: text.outcomes.failed },
          { value: 'stopped', label: text.outcomes.stopped },
        ]}
        w="fit-content"
      />
      <Group gap="sm" align="start">
        {textFilters.map((name) => (
          <FilterInput
            key={name}
            label={labels[name]}
            value={fields[name]}
            max={filterLimits[name]}
            text={text}
            onChange={(value) => setFields((previous) => ({ ...previous, [name]: value }))}
          />
        ))}
        <Button
          size="xs"
          variant="subtle"
          mt={22}
          onClick={() => {
            setOutcome('all');
            setRange(defaultRange);
            setFields(noFields);
          }}
        >
          {text.filters.clear}
        </Button>
      </Group>
      <MetricCards
        totals={page?.totals}
        failed={loaded.error !== undefined || rangeProblem(range) !== undefined}
        text={text}
        locale={locale}
      />
      {loaded.error ? <LoadFailed error={loaded.error} text={text} onRetry={loaded.reload} /> : null}
      {!page && loaded.loading ? <Loading text={text} /> : null}
      {page ? (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover striped aria-label={text.nav.turns} data-table="turns">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.columns.time}</Table.Th>
                <Table.Th>{text.columns.user}</Table.Th>
                <Table.Th>{text.columns.model}</Table.Th>
                <Table.Th>{text.columns.provider}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {text.columns.tokens}
                </Table.Th>
                <Table.Th ta="right">{text.columns.cost}</Table.Th>
                <Table.Th>{text.columns.tools}</Table.Th>
                <Table.Th ta="right">{text.columns.latency}</Table.Th>
                <Table.Th>{text.columns.outcome}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {turns.map((turn) => (
                <Table.Tr key={turn.turnId} data-turn={turn.turnId}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setSelected(turn)}>
                      {formatTime(turn.startedAt, locale)}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Clipped value={turn.principalId} />
                  </Table.Td>
                  <Table.Td data-model>
                    <Clipped value={turn.model} />
                  </Table.Td>
                  <Table.Td>
                    <Clipped value={turn.provider} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatCount(turn.inputTokens, locale)} / {formatCount(turn.outputTokens, locale)}
                  </Table.Td>
                  <Table.Td ta="right" data-cost>
                    {turn.cost ? formatCost(turn.cost, locale) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Clipped value={turn.toolCalls.map((call) => call.toolName).join(', ')} />
                  </Table.Td>
                  <Table.Td ta="right">{text.milliseconds(turn.latencyMs)}</Table.Td>
                  <Table.Td>
                    <OutcomeBadge outcome={turn.outcome} text={text} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {turns.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {text.nothing}
            </Text>
          ) : null}
        </Table.ScrollContainer>
      ) : null}
      <MoreButton more={more} text={text} />
      <TurnDetail turn={selected} onClose={() => setSelected(undefined)} />
    </Stack>
  );
}
