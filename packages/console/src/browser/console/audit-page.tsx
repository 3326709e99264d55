import {
  Badge,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useConsole } from './console-context.js';
import { type AuditAction, auditActions } from './console-text.js';
import { EventDetail } from './event-detail.js';
import { oneOf, replaceQuery, sentFilter, textFilter } from './filter-address.js';
import { FilterInput } from './filter-input.js';
import { filterLimits } from './filter-limits.js';
import { formatTime } from './format.js';
import type { AuditEvent } from './governance-types.js';
import { groupEventsByTurn } from './group-events.js';
import { Forbidden, isForbidden, LoadFailed, Loading, MoreButton } from './page-state.js';
import { defaultRange, type RangeChoice, rangeFromQuery, rangeQuery, TimeRange } from './time-range.js';
import { actionTones, badgeStyle } from './tones.js';
import { useRangedList } from './use-ranged-list.js';

/** `/console/audit`: events newest first by turn, in sequence within a turn, segments by action, the masked payload. */
export function AuditPage() {
  const { client, text, locale, signOut } = useConsole();
  // The filters start from the address, and are written back to it as they change.
  const [initial] = useState(() => new URLSearchParams(location.search));
  const [action, setAction] = useState<AuditAction | 'all'>(() =>
    oneOf(initial.get('action'), ['all', ...auditActions], 'all'),
  );
  const [range, setRange] = useState<RangeChoice>(() => rangeFromQuery(initial));
  const [fields, setFields] = useState(() => ({
    turnId: textFilter(initial.get('turnId'), filterLimits.turnId),
    principalId: textFilter(initial.get('principalId'), filterLimits.principalId),
  }));
  useEffect(() => {
    replaceQuery({ ...(action === 'all' ? {} : { action }), ...fields, ...rangeQuery(range) });
  }, [action, fields, range]);
  const [debounced] = useDebouncedValue(fields, 300);
  const [selected, setSelected] = useState<AuditEvent | undefined>();
  const turnId = sentFilter(debounced.turnId);
  const principalId = sentFilter(debounced.principalId);
  const filters = {
    ...(action === 'all' ? {} : { action }),
    ...(turnId === undefined ? {} : { turnId }),
    ...(principalId === undefined ? {} : { principalId }),
  };
  const {
    loaded,
    first: page,
    items: events,
    more,
  } = useRangedList(filters, range, client.listAudit, (each) => each.events);
  if (isForbidden(loaded.error)) return <Forbidden text={text} onSignOut={signOut} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          {text.nav.audit}
        </Title>
        <TimeRange value={range} onChange={setRange} text={text} />
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          aria-label={text.filters.action}
          value={action}
          onChange={(value) => setAction(value as AuditAction | 'all')}
          data={[
            { value: 'all', label: text.all },
            ...auditActions.map((each) => ({ value: each, label: text.actions[each] })),
          ]}
        />
      </ScrollArea>
      <Group gap="sm" align="start">
        <FilterInput
          label={text.filters.turn}
          value={fields.turnId}
          max={filterLimits.turnId}
          text={text}
          onChange={(value) => setFields((previous) => ({ ...previous, turnId: value }))}
        />
        <FilterInput
          label={text.filters.user}
          value={fields.principalId}
          max={filterLimits.principalId}
          text={text}
          onChange={(value) => setFields((previous) => ({ ...previous, principalId: value }))}
        />
        <Button
          size="xs"
          variant="subtle"
          mt={22}
          onClick={() => {
            setAction('all');
            setRange(defaultRange);
            setFields({ turnId: '', principalId: '' });
          }}
        >
          {text.filters.clear}
        </Button>
      </Group>
      {loaded.error ? <LoadFailed error={loaded.error} text={text} onRetry={loaded.reload} /> : null}
      {!page && loaded.loading ? <Loading text={text} /> : null}
      {page && events.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {text.nothing}
        </Text>
      ) : null}
      {groupEventsByTurn(events).map((group) => (
        <Paper key={group.turnId} withBorder radius="md" p="sm" data-turn-group={group.turnId}>
          <Group gap="sm" mb="xs">
            <Text size="sm" fw={600}>
              {text.detail.turn}
            </Text>
            <Code>{group.turnId}</Code>
            <Text size="sm" c="dimmed">
              {group.principalId} · {formatTime(group.at, locale)}
            </Text>
          </Group>
          {/* On a narrow screen the table scrolls inside its card instead of squeezing the action badges empty. */}
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover aria-label={`${text.detail.turn} ${group.turnId}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{text.columns.sequence}</Table.Th>
                  <Table.Th>{text.columns.time}</Table.Th>
                  <Table.Th>{text.columns.action}</Table.Th>
                  <Table.Th>{text.columns.tool}</Table.Th>
                  <Table.Th>{text.columns.code}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.events.map((event) => (
                  <Table.Tr
                    key={event.id}
                    data-event={event.id}
                    data-action={event.action}
                    data-sequence={event.sequence}
                  >
                    <Table.Td>{event.sequence}</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setSelected(event)}>
                        {formatTime(event.at, locale)}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Badge style={badgeStyle(actionTones[event.action])}>
                        {text.actions[event.action]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{event.toolName ? <Code>{event.toolName}</Code> : null}</Table.Td>
                    <Table.Td>{event.code ? <Code>{event.code}</Code> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      <MoreButton more={more} text={text} />
      <EventDetail event={selected} onClose={() => setSelected(undefined)} />
    </Stack>
  );
}
