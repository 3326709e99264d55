import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ConsoleText } from './console-text.js';
import { GovernanceError } from './governance-client.js';
import type { More } from './use-more.js';

/**
 * Whether an error means the caller may not read governance data (a 401, a token the server does not
 * accept, is not this: the console asks for a sign-in again, naming the rejected account).
 */
export function isForbidden(error: Error | undefined): boolean {
  return error instanceof GovernanceError && error.status === 403;
}

/** The forbidden state: what is missing and a way to sign in as someone else. */
export function Forbidden({
  text,
  onSignOut,
}: {
  readonly text: ConsoleText;
  readonly onSignOut: () => void;
}) {
  return (
    <Center mih="60vh">
      <Stack maw={520} align="center" gap="md" data-state="forbidden">
        <Title order={1} size="h2">
          {text.forbiddenTitle}
        </Title>
        <Text ta="center" c="dimmed">
          {text.forbiddenBody}
        </Text>
        <Button onClick={onSignOut}>{text.signInAgain}</Button>
      </Stack>
    </Center>
  );
}

/** A load that failed for another reason: its code and message, and a retry. */
export function LoadFailed({
  error,
  text,
  onRetry,
}: {
  readonly error: Error;
  readonly text: ConsoleText;
  readonly onRetry: () => void;
}) {
  return (
    <Alert color="red" title={text.failedToLoad} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {error instanceof GovernanceError ? `${error.code}: ${error.message}` : error.message}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {text.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A spinner while the first page loads. */
export function Loading({ text }: { readonly text: ConsoleText }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={text.loading} />
    </Center>
  );
}

/** "Load more" under a list: busy while a page loads, and a failed page's error with a retry. */
export function MoreButton({ more, text }: { readonly more: More<unknown>; readonly text: ConsoleText }) {
  if (more.error) return <LoadFailed error={more.error} text={text} onRetry={more.loadMore} />;
  if (more.next === undefined) return null;
  return (
    <Button variant="light" onClick={more.loadMore} loading={more.loading} w="fit-content">
      {text.loadMore}
    </Button>
  );
}
