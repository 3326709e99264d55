import { badTextIn, coreErrors } from '@opwire/core';

const aString = { en: 'a string', 'zh-CN': '字符串' };

/**
 * Refuses, on `field`, what the HTTP schema and validation refuse there: no string (`MISSING_FIELD` unless
 * `optional`, `NULL_NOT_ALLOWED`, `WRONG_TYPE`), an empty one when `nonEmpty` (`OUT_OF_RANGE`), and text a store
 * cannot keep as sent (`NUL_CHARACTER`, `INVALID_UNICODE`: `badTextIn`), which PostgreSQL refused as a store
 * failure and the in-memory store kept.
 */
export function checkInputText(
  value: unknown,
  field: string,
  options: { readonly optional?: boolean; readonly nonEmpty?: boolean } = {},
): void {
  if (value === undefined) {
    if (options.optional) return;
    throw coreErrors.MISSING_FIELD({ field });
  }
  if (value === null) throw coreErrors.NULL_NOT_ALLOWED({ field, params: { expected: aString } });
  if (typeof value !== 'string') throw coreErrors.WRONG_TYPE({ field, params: { expected: aString } });
  if (options.nonEmpty && value === '') {
    throw coreErrors.OUT_OF_RANGE({ field, params: { expected: 'length >= 1' } });
  }
  const bad = badTextIn(value);
  if (bad) throw coreErrors[bad]({ field });
}
