import { createContext, useContext } from 'react';
import type { PageConfig, PageLocale } from '../shared/page-config.js';
import type { ConsoleText } from './console-text.js';
import type { GovernanceClient } from './governance-client.js';

/** What every console page needs: the client, the language and its strings, navigation and sign-out. */
export interface ConsoleContextValue {
  readonly client: GovernanceClient;
  readonly locale: PageLocale;
  readonly text: ConsoleText;
  readonly config: PageConfig;
  /** Opens a console page with a query, such as `audit?turnId=…`. */
  readonly navigate: (page: string) => void;
  readonly signOut: () => void;
}

/** The console's context. */
export const ConsoleContext = createContext<ConsoleContextValue | undefined>(undefined);

/** The console's context; only inside `ConsoleApp`. */
export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleApp');
  return value;
}
