import { Anchor, AppShell, Button, Flex, Group, NativeSelect, Text } from '@mantine/core';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import type { PageConfig, PageLocale } from '../shared/page-config.js';
import {
  chosenLocale,
  clearSession,
  readSession,
  type Session,
  saveLocale,
  saveSession,
} from '../shared/session.js';
import { localeNames, sharedTexts } from '../shared/shared-text.js';
import { SignIn } from '../shared/sign-in.js';
import { AuditPage } from './audit-page.js';
import { ConsoleContext, type ConsoleContextValue } from './console-context.js';
import { consoleTexts } from './console-text.js';
import { CostPage } from './cost-page.js';
import { createGovernanceClient } from './governance-client.js';
import { TurnsPage } from './turns-page.js';

const pages = ['turns', 'audit', 'cost'] as const;
type Page = (typeof pages)[number];

/** The console page the address names (`<base>/audit` → `audit`; the base itself → `turns`). */
export function pageOf(pathname: string, base: string): Page {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/+|\/+$/g, '') : '';
  return (pages as readonly string[]).includes(rest) ? (rest as Page) : 'turns';
}

/** The console: sign-in, then the header with its navigation and the page the address names. */
export function ConsoleApp({ config }: { readonly config: PageConfig }) {
  const [session, setSession] = useState<Session | undefined>(readSession);
  // Whether the server stopped accepting the session's token (a 401): the sign-in card says so.
  const [rejected, setRejected] = useState(false);
  const [locale, setLocale] = useState<PageLocale>(() => chosenLocale(config.locale));
  const [address, setAddress] = useState(() => location.pathname + location.search);
  const text = consoleTexts[locale];
  const shared = sharedTexts[locale];
  const page = pageOf(address.split('?')[0] ?? '', config.base);

  useEffect(() => {
    const onPop = () => setAddress(location.pathname + location.search);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = `${text.nav[page]} · ${text.title}`;
  }, [locale, page, text]);

  const context = useMemo((): ConsoleContextValue | undefined => {
    if (!session) return undefined;
    return {
      client: createGovernanceClient({
        token: session.token,
        locale,
        onUnauthenticated: () => {
          clearSession();
          setRejected(true);
          setSession(undefined);
        },
      }),
      locale,
      text,
      config,
      navigate: (target) => {
        history.pushState(null, '', `${config.base}/${target}`);
        setAddress(location.pathname + location.search);
      },
      signOut: () => {
        clearSession();
        setSession(undefined);
      },
    };
  }, [session, locale, text, config]);

  if (!session || !context) {
    return (
      <SignIn
        accounts={config.accounts}
        locale={locale}
        heading={text.title}
        {...(rejected ? { notice: shared.tokenRejected } : {})}
        onSignIn={(signedIn) => {
          saveSession(signedIn);
          setRejected(false);
          setSession(signedIn);
        }}
        onLocaleChange={(chosen) => {
          saveLocale(chosen);
          setLocale(chosen);
        }}
      />
    );
  }
  const go = (target: Page) => (event: MouseEvent) => {
    event.preventDefault();
    context.navigate(target);
  };
  return (
    <ConsoleContext.Provider value={context}>
      {/* Below `sm` the header takes two rows (title and navigation, then the account's controls): in one row
          they overflowed a phone's width, and the language switch and sign-out were out of reach. */}
      <AppShell header={{ height: { base: 104, sm: 60 } }} padding={{ base: 'sm', sm: 'lg' }}>
        <AppShell.Header>
          <Flex
            h="100%"
            px={{ base: 'sm', sm: 'lg' }}
            direction={{ base: 'column', sm: 'row' }}
            justify={{ base: 'center', sm: 'flex-start' }}
            align={{ base: 'stretch', sm: 'center' }}
            gap={{ base: 6, sm: 'lg' }}
          >
            <Group gap="sm" wrap="nowrap">
              <Text fw={700} size="lg" component="span" style={{ whiteSpace: 'nowrap' }}>
                {text.title}
              </Text>
              <nav aria-label={text.title}>
                <Group gap={4} wrap="nowrap">
                  {pages.map((each) => (
                    <Button
                      key={each}
                      component="a"
                      href={`${config.base}/${each}`}
                      onClick={go(each)}
                      variant={each === page ? 'light' : 'subtle'}
                      aria-current={each === page ? 'page' : undefined}
                      size="sm"
                      px="xs"
                    >
                      {text.nav[each]}
                    </Button>
                  ))}
                </Group>
              </nav>
            </Group>
            <Group gap="md" ml={{ base: 0, sm: 'auto' }} wrap="nowrap">
              {config.chatPath ? (
                <Anchor href={config.chatPath} size="sm">
                  {text.chat}
                </Anchor>
              ) : null}
              <Text size="sm" c="dimmed" visibleFrom="md">
                {shared.signedInAs(session.label)}
              </Text>
              <NativeSelect
                size="xs"
                aria-label={shared.language}
                value={locale}
                onChange={(event) => {
                  const chosen = event.currentTarget.value as PageLocale;
                  saveLocale(chosen);
                  setLocale(chosen);
                }}
                data={(Object.keys(localeNames) as PageLocale[]).map((each) => ({
                  value: each,
                  label: localeNames[each],
                }))}
              />
              <Button size="xs" variant="default" onClick={context.signOut}>
                {shared.signOut}
              </Button>
            </Group>
          </Flex>
        </AppShell.Header>
        {/* AppShell.Main is the page's one `main` landmark; a second one inside it made two. */}
        <AppShell.Main>
          {page === 'turns' ? <TurnsPage key={address} /> : null}
          {page === 'audit' ? <AuditPage key={address} /> : null}
          {page === 'cost' ? <CostPage /> : null}
        </AppShell.Main>
      </AppShell>
    </ConsoleContext.Provider>
  );
}
