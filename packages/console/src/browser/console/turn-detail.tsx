import { Anchor, Badge, Button, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConsole } from './console-context.js';
import { formatCost, formatCount, formatTime } from './format.js';
import type { TurnRecord } from './governance-types.js';
import { OutcomeBadge } from './outcome-badge.js';
import { LoadFailed, Loading } from './page-state.js';
import { badgeStyle, toolOutcomeTone } from './tones.js';
import { useLoad } from './use-load.js';

/** A label and its value in a detail view. */
export function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={130}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The detail of one turn: usage, tool calls with their outcome codes, failure reason, events, conversation. */
export function TurnDetail({
  turn,
  onClose,
}: {
  readonly turn: TurnRecord | undefined;
  readonly onClose: () => void;
}) {
  const { text } = useConsole();
  return (
    <Drawer
      opened={turn !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h4">
          {text.detail.turn}
        </Title>
      }
      closeButtonProps={{ 'aria-label': text.detail.close }}
    >
      {turn ? <TurnDetailBody turn={turn} /> : null}
    </Drawer>
  );
}

function TurnDetailBody({ turn }: { readonly turn: TurnRecord }) {
  const { client, text, locale, config, navigate } = useConsole();
  const loaded = useLoad(async () => {
    const [detail, readable] = await Promise.all([
      client.getTurn(turn.turnId),
      turn.conversationId ? client.canReadConversation(turn.conversationId) : Promise.resolve(false),
    ]);
    return { ...detail, readable };
  }, turn.turnId);
  const chatPath = config.chatPath ?? '/';
  return (
    <Stack gap="md" data-detail="turn">
      <Group gap="sm">
        <OutcomeBadge outcome={turn.outcome} text={text} />
        <Code>{turn.turnId}</Code>
      </Group>
      <Stack gap={4}>
        <Field label={text.columns.user}>{turn.principalId}</Field>
        <Field label={text.columns.model}>{turn.model ?? '—'}</Field>
        <Field label={text.detail.requestedModel}>{turn.requestedModel ?? '—'}</Field>
        <Field label={text.columns.provider}>{turn.provider ?? '—'}</Field>
        <Field label={text.columns.tokens}>
          {formatCount(turn.inputTokens, locale)} / {formatCount(turn.outputTokens, locale)}
        </Field>
        <Field label={text.columns.cost}>{turn.cost ? formatCost(turn.cost, locale) : '—'}</Field>
        <Field label={text.columns.latency}>{text.milliseconds(turn.latencyMs)}</Field>
        <Field label={text.detail.started}>{formatTime(turn.startedAt, locale)}</Field>
        <Field label={text.detail.finished}>{formatTime(turn.finishedAt, locale)}</Field>
        {turn.traceId ? <Field label={text.detail.trace}>{turn.traceId}</Field> : null}
        {turn.errorCode ? (
          <Field label={text.detail.failureReason}>
            <Code color="red.1" data-failure>
              {turn.errorCode}
            </Code>
          </Field>
        ) : null}
        <Field label={text.detail.conversation}>
          {!turn.conversationId ? (
            text.detail.noConversation
          ) : loaded.value?.readable ? (
            <Anchor
              href={`${chatPath}?conversation=${encodeURIComponent(turn.conversationId)}`}
              data-conversation-link
            >
              {text.detail.openConversation}
            </Anchor>
          ) : loaded.value ? (
            <span data-conversation-private>{text.detail.notYourConversation}</span>
          ) : loaded.error ? (
            // Whether the caller may read it is unknown: the alert below says why, and Retry asks again.
            <span data-conversation-unknown>—</span>
          ) : (
            '…'
          )}
        </Field>
      </Stack>
      <Title order={3} size="h5">
        {text.detail.toolCalls}
      </Title>
      {turn.toolCalls.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.detail.noToolCalls}
        </Text>
      ) : (
        <Table withTableBorder aria-label={text.detail.toolCalls} data-table="tool-calls">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.columns.tool}</Table.Th>
              <Table.Th>{text.columns.code}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {turn.toolCalls.map((call) => (
              <Table.Tr key={call.toolCallId}>
                <Table.Td>
                  <Code>{call.toolName}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge style={badgeStyle(toolOutcomeTone(call.outcome))} data-tool-outcome>
                    {call.outcome}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Title order={3} size="h5">
          {text.detail.events}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => navigate(`audit?turnId=${encodeURIComponent(turn.turnId)}`)}
        >
          {text.detail.showEvents}
        </Button>
      </Group>
      {loaded.error ? <LoadFailed error={loaded.error} text={text} onRetry={loaded.reload} /> : null}
      {loaded.loading && !loaded.value ? <Loading text={text} /> : null}
      {loaded.value ? (
        <Table aria-label={text.detail.events} data-table="turn-events">
          <Table.Tbody>
            {loaded.value.events.map((event) => (
              <Table.Tr key={event.id} data-action={event.action}>
                <Table.Td w={40}>{event.sequence}</Table.Td>
                <Table.Td>{text.actions[event.action]}</Table.Td>
                <Table.Td>{event.toolName ? <Code>{event.toolName}</Code> : null}</Table.Td>
                <Table.Td>{event.code ? <Code>{event.code}</Code> : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
