/**
 * The `X-Request-Id` header component, which every answer of an operation or a hand-written route carries; its
 * description is the document's language's (`openApiTexts(locale).requestId`).
 */
export const requestIdHeader = {
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\w.:@/+=-]{1,128}$' },
};

const reference = { $ref: '#/components/headers/X-Request-Id' };

/** The OpenAPI operation object with `X-Request-Id` referenced on each of its responses. */
export function withRequestIdHeader(entry: Record<string, unknown>): Record<string, unknown> {
  const responses = entry.responses as Record<string, Record<string, unknown>>;
  return {
    ...entry,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        // A referenced response may carry nothing beside its `$ref`.
        '$ref' in response
          ? response
          : {
              ...response,
              headers: { ...(response.headers as object | undefined), 'X-Request-Id': reference },
            },
      ]),
    ),
  };
}
