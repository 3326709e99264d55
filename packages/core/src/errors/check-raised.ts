import { Compile } from 'typebox/compile';
import { closeSchema } from '../validation/close-schema.js';
import { checkedView } from '../validation/inherited-names.js';
import { coreErrors } from './core-errors.js';
import type { AnyErrorEntry } from './define-errors.js';
import type { ErrorRegistry } from './error-registry.js';
import type { OpwireError } from './opwire-error.js';

/**
 * What an operation may answer with of the errors it raised, as the app declared them: an error of a code the
 * app never declared (not in `app.errors`, so in no OpenAPI document), or whose `data` does not match its
 * entry's `data` schema (closed, as a response is: extra fields would reach the client), becomes `INTERNAL`
 * with the reason as its cause (logged where `INTERNAL` is), never sent as it is; so does an
 * `INVALID_CONFIGURATION` raised during a call, which describes the server's setup, not the request.
 */
export function createRaisedCheck(errors: ErrorRegistry): (error: OpwireError) => OpwireError {
  const dataChecks = new Map<AnyErrorEntry, (data: unknown) => boolean>();
  const dataCheckOf = (entry: AnyErrorEntry & { readonly data: NonNullable<AnyErrorEntry['data']> }) => {
    let check = dataChecks.get(entry);
    if (!check) {
      const closed = closeSchema(entry.data);
      const compiled = Compile(closed);
      const view = checkedView(closed);
      check = (data) => compiled.Check(view(data));
      dataChecks.set(entry, check);
    }
    return check;
  };
  return (error) => {
    if (error.code === 'INTERNAL') return error;
    // The server's setup failed the call (sqlOf without PostgreSQL's transactions, a nested call to an operation
    // that is not registered): the caller can do nothing about it and is not told how the server is set up.
    if (error.code === 'INVALID_CONFIGURATION') {
      return coreErrors.INTERNAL({
        cause: new Error(`a configuration error failed the call: ${error.message}`, { cause: error }),
      });
    }
    const entry = errors.get(error.code);
    if (!entry) {
      return coreErrors.INTERNAL({
        cause: new Error(
          `error code "${error.code}" is not declared: give its catalogue to createOpwire({ errors }) or list it in the operation's errors`,
          { cause: error },
        ),
      });
    }
    if (entry.data && !dataCheckOf(entry as Parameters<typeof dataCheckOf>[0])(error.data)) {
      return coreErrors.INTERNAL({
        cause: new Error(`error "${error.code}" was raised with data that does not match its data schema`, {
          cause: error,
        }),
      });
    }
    return error;
  };
}
