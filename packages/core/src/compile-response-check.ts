import { Compile } from 'typebox/compile';
import { abortError } from './abort.js';
import { coreErrors } from './errors/core-errors.js';
import type { Invocation } from './invocation.js';
import { compileCheckedJson } from './json/compile-checked-json.js';
import type { AnyOperation } from './operation.js';
import { admitsAnyValue } from './validation/admits-any-value.js';
import { closeSchema } from './validation/close-schema.js';
import { checkedView } from './validation/inherited-names.js';

/**
 * Compiles the check of what an operation answers (a handler's response, a middleware's own answer,
 * each event of a stream): a cancelled call fails with its abort code, a response that does not
 * match its closed schema — or, where the schema admits any value, that JSON cannot carry — is
 * `INTERNAL`, never sent. An answer JSON writes as nothing (`undefined`) is an empty answer (HTTP's
 * 204); an event must be JSON (`events`): one written as nothing is `INTERNAL` too.
 * For a surface that answers in JSON (`invocation.responseText`), the check first tries to verify the
 * response while writing it (`compileCheckedJson`), and leaves the text there when it could.
 */
export function compileResponseCheck(
  operation: AnyOperation,
  options: { readonly events?: boolean } = {},
): (invocation: Invocation, value: unknown) => void {
  const events = options.events === true;
  const closed = closeSchema(operation.response);
  const responseCheck = Compile(closed);
  const view = checkedView(closed);
  const mustTrySerializing = admitsAnyValue(operation.response);
  const checkedJson = events ? undefined : compileCheckedJson(closed);
  return (invocation, value) => {
    if (invocation.sourceSignal.aborted) throw abortError(invocation.sourceSignal);
    const sink = invocation.responseText;
    if (sink !== undefined && checkedJson !== undefined) {
      const text = checkedJson(value);
      sink.value = value;
      sink.text = text;
      sink.ascii = checkedJson.ascii;
      if (text !== undefined) return;
    }
    if (!responseCheck.Check(view(value))) {
      // A middleware that answered itself is named: a layer that forgot `return next()` is the likely cause.
      const by = invocation.answeredBy;
      throw coreErrors.INTERNAL({
        cause: new Error(
          by === undefined
            ? `operation "${operation.id}" answered with a value that does not match its response schema`
            : `middleware "${by}" answered operation "${operation.id}" without calling next(), with a value that does not match its response schema (return next(), or respondWith a value of that schema)`,
        ),
      });
    }
    // Before the commit: a write whose response cannot be sent (a BigInt, a cycle) rolls back.
    const written = mustTrySerializing ? JSON.stringify(value) : value;
    if (events && written === undefined) {
      throw coreErrors.INTERNAL({
        cause: new Error(
          `operation "${operation.id}" streamed an event JSON cannot carry (undefined, a function or a symbol)`,
        ),
      });
    }
  };
}
