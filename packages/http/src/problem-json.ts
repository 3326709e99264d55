import { describeError, type Locale, type Logger, type OpwireError } from '@opwire/core';
import { rejectedCredentials, usesBearerScheme } from '@opwire/core/surface';
import { joinVary, type PlainAnswer } from './answer.js';
import { statusTable } from './status-table.js';

/** An RFC 9457 problem document as Opwire writes it. */
export interface ProblemJson {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  /** The field a rule error is about (validation errors list theirs in `errors`). */
  readonly field?: string;
  readonly errors?: ReadonlyArray<{ code: string; field: string; pointer: string; detail: string }>;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** The `type` URI of a problem with the given code. */
export function problemType(code: string): string {
  return `urn:opwire:error:${code}`;
}

/** Renders an error as a client-safe problem document in the caller's locale. */
export function toProblemJson(error: OpwireError, locale: Locale): ProblemJson {
  const description = describeError(error, locale);
  const { status, title } = statusTable[error.kind] ?? statusTable.internal;
  const problem: {
    -readonly [Key in keyof ProblemJson]: ProblemJson[Key];
  } = {
    type: problemType(description.code),
    title,
    status,
    detail: description.message,
    code: description.code,
  };
  if (description.field !== undefined && !description.issues) problem.field = description.field;
  if (description.issues) {
    problem.errors = description.issues.map((issue) => ({
      code: issue.code,
      field: issue.field,
      pointer: issue.pointer,
      detail: issue.message,
    }));
  }
  if (description.data) problem.data = description.data;
  return problem;
}

/** Options for turning an error into an answer. */
export interface ProblemAnswerOptions {
  readonly locale: Locale;
  readonly requestId: string;
  /** The methods the path allows, sent as `Allow` with a 405. */
  readonly allow?: string | undefined;
  /**
   * The request's `Authorization` header: a 401 then says the credentials sent were refused, and its
   * challenge carries `error="invalid_token"` when they were a Bearer token.
   */
  readonly authorization?: string | undefined;
  readonly close?: boolean | undefined;
  /** Where to report error `data` that JSON cannot write (a BigInt, a cycle), which is then left out. */
  readonly logger?: Logger | undefined;
  /** Headers middleware set during the call; the error's own (`retry-after`) are added to them. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Renders an error as an `application/problem+json` answer with the headers its status needs. */
export function problemAnswer(error: OpwireError, options: ProblemAnswerOptions): PlainAnswer {
  const told = toProblemJson(error, options.locale);
  // A token was sent and refused: say so, rather than that authentication is required.
  const problem =
    told.status === 401 && options.authorization !== undefined && told.code === 'UNAUTHENTICATED'
      ? { ...told, detail: rejectedCredentials[options.locale] }
      : told;
  const headers: Record<string, string> = {
    ...options.headers,
    ...error.headers,
    'content-type': 'application/problem+json',
    'content-language': options.locale,
    // The detail is in the caller's language: a cache must not give one language's problem to another.
    vary:
      options.headers?.vary === undefined
        ? 'Accept-Language'
        : joinVary(options.headers.vary, 'Accept-Language'),
    'x-request-id': options.requestId,
  };
  if (problem.status === 401) {
    headers['www-authenticate'] = usesBearerScheme(options.authorization)
      ? 'Bearer error="invalid_token"'
      : 'Bearer';
  }
  if (options.allow !== undefined) headers.allow = options.allow;
  return { status: problem.status, headers, body: serialize(problem, options.logger), close: options.close };
}

/** Serializes a problem; `data` JSON cannot write is dropped (and logged) so the code still gets through. */
function serialize(problem: ProblemJson, logger: Logger | undefined): string {
  try {
    return JSON.stringify(problem);
  } catch (error) {
    logger?.error('error data could not be serialized', { code: problem.code, error });
    const { data: _dropped, ...rest } = problem;
    return JSON.stringify(rest);
  }
}
