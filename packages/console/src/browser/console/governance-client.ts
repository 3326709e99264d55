import type {
  AuditEvent,
  AuditFilters,
  CostSummary,
  ListTotals,
  TurnFilters,
  TurnRecord,
} from './governance-types.js';

/** A failed call: the HTTP status and the Opwire code and message of the problem document. */
export class GovernanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GovernanceError';
  }
}

/** The governance operations over HTTP, as the signed-in caller: the only data the console reads. */
export interface GovernanceClient {
  listTurns(
    filters: TurnFilters,
    cursor?: string,
  ): Promise<{ turns: TurnRecord[]; next?: string; totals: ListTotals }>;
  getTurn(turnId: string): Promise<{ turn?: TurnRecord; events: AuditEvent[] }>;
  listAudit(filters: AuditFilters, cursor?: string): Promise<{ events: AuditEvent[]; next?: string }>;
  summarizeCost(range: { readonly from?: string; readonly to?: string }): Promise<CostSummary>;
  /** Whether the caller may read a conversation (only its owner may): `GET /conversations/{id}`. */
  canReadConversation(conversationId: string): Promise<boolean>;
}

const queryOf = (values: Readonly<Record<string, string | undefined>>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') query.set(name, value);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
};

/** A client of the governance operations for a bearer token, in a language. */
export function createGovernanceClient(options: {
  readonly token: string;
  readonly locale: string;
  readonly fetch?: typeof fetch;
  /** Called when the server answers 401: the token is wrong or no longer valid. */
  readonly onUnauthenticated?: () => void;
}): GovernanceClient {
  const call = async <T>(path: string): Promise<T> => {
    const response = await (options.fetch ?? fetch)(path, {
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${options.token}`,
        'accept-language': options.locale,
      },
    });
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!response.ok) {
      if (response.status === 401) options.onUnauthenticated?.();
      const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
      throw new GovernanceError(response.status, code, typeof body?.detail === 'string' ? body.detail : code);
    }
    return body as T;
  };
  return {
    listTurns: (filters, cursor) => call(`/governance/turns${queryOf({ ...filters, limit: '50', cursor })}`),
    getTurn: (turnId) => call(`/governance/turns/${encodeURIComponent(turnId)}`),
    listAudit: (filters, cursor) => call(`/governance/audit${queryOf({ ...filters, limit: '100', cursor })}`),
    summarizeCost: (range) => call(`/governance/cost${queryOf(range)}`),
    async canReadConversation(conversationId) {
      try {
        await call(`/conversations/${encodeURIComponent(conversationId)}?limit=1`);
        return true;
      } catch (error) {
        if (error instanceof GovernanceError && (error.status === 404 || error.status === 403)) return false;
        throw error;
      }
    },
  };
}
