import { normalizeTime, type TurnFilter } from '@opwire/ai';

/** The WHERE clause of a turn filter, its parameters numbered after `params`. */
export function turnFilterSql(filter: TurnFilter, params: unknown[]): string {
  const conditions: string[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  const equal: Array<[string, string | undefined]> = [
    ['tenant', filter.tenant],
    ['outcome', filter.outcome],
    ['model', filter.model],
    ['provider', filter.provider],
    ['principal_id', filter.principalId],
    ['conversation_id', filter.conversationId],
  ];
  for (const [column, value] of equal) {
    if (value !== undefined) add((placeholder) => `${column} = ${placeholder}`, value);
  }
  if (filter.tool !== undefined) {
    add((placeholder) => `tool_calls @> ${placeholder}::jsonb`, JSON.stringify([{ toolName: filter.tool }]));
  }
  if (filter.from !== undefined) {
    add((placeholder) => `started_at >= ${placeholder}::timestamptz`, normalizeTime(filter.from, 'from'));
  }
  if (filter.to !== undefined) {
    add((placeholder) => `started_at < ${placeholder}::timestamptz`, normalizeTime(filter.to, 'to'));
  }
  if (filter.turnIds !== undefined) {
    // One array parameter however many ids: one statement, and an empty list matches nothing.
    add((placeholder) => `turn_id = ANY(${placeholder}::text[])`, [...filter.turnIds]);
  }
  return conditions.length === 0 ? 'TRUE' : conditions.join(' AND ');
}
