import { Badge, Code, Drawer, Stack, Text, Title } from '@mantine/core';
import { useConsole } from './console-context.js';
import { formatTime } from './format.js';
import type { AuditEvent } from './governance-types.js';
import { actionTones, badgeStyle } from './tones.js';
import { Field } from './turn-detail.js';

/** The detail of one audit event, with its payload as stored (masked before it was written). */
export function EventDetail({
  event,
  onClose,
}: {
  readonly event: AuditEvent | undefined;
  readonly onClose: () => void;
}) {
  const { text, locale } = useConsole();
  return (
    <Drawer
      opened={event !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h4">
          {text.detail.event}
        </Title>
      }
      closeButtonProps={{ 'aria-label': text.detail.close }}
    >
      {event ? (
        <Stack gap="md" data-detail="event">
          <Stack gap={4}>
            <Field label={text.columns.action}>
              <Badge style={badgeStyle(actionTones[event.action])}>{text.actions[event.action]}</Badge>
            </Field>
            <Field label={text.detail.turn}>
              <Code>{event.turnId}</Code>
            </Field>
            <Field label={text.columns.sequence}>{event.sequence}</Field>
            <Field label={text.columns.time}>{formatTime(event.at, locale)}</Field>
            <Field label={text.columns.user}>{event.principalId}</Field>
            {event.conversationId ? (
              <Field label={text.detail.conversation}>{event.conversationId}</Field>
            ) : null}
            {event.toolName ? (
              <Field label={text.columns.tool}>
                <Code>{event.toolName}</Code>
              </Field>
            ) : null}
            {event.code ? (
              <Field label={text.columns.code}>
                <Code>{event.code}</Code>
              </Field>
            ) : null}
            {event.traceId ? <Field label={text.detail.trace}>{event.traceId}</Field> : null}
          </Stack>
          <Title order={3} size="h5">
            {text.detail.payload}
          </Title>
          <Text size="xs" c="dimmed">
            {text.detail.masked}
          </Text>
          {event.payload === undefined ? (
            <Text size="sm" c="dimmed">
              {text.detail.noPayload}
            </Text>
          ) : (
            <Code block data-payload>
              {JSON.stringify(event.payload, null, 2)}
            </Code>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
