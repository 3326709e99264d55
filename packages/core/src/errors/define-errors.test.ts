import { describe, expect, it } from 'vitest';
import { defineErrors, type ErrorDefinition } from './define-errors.js';

// What a catalogue written in plain JavaScript, or read from a file, can hold once the types are bypassed.
const loose = (definition: unknown) => ({ BROKEN: definition as ErrorDefinition });

describe('defineErrors', () => {
  it('refuses an unknown kind when the module loads, naming the kinds there are', () => {
    expect(() =>
      defineErrors(loose({ kind: 'not-found', messages: { en: 'Gone.', 'zh-CN': '没了。' } })),
    ).toThrow(
      new TypeError(
        'Error code "BROKEN": kind "not-found" is not one of invalid, unauthenticated, denied, not_found, conflict, ' +
          'rule, limited, too_large, unsupported, not_acceptable, method, cancelled, timeout, unavailable, upstream, internal.',
      ),
    );
  });

  it('refuses a catalogue entry without an en or a zh-CN message, saying which', () => {
    expect(() => defineErrors(loose({ kind: 'rule', messages: { en: 'Only English.' } }))).toThrow(
      new TypeError('Error code "BROKEN" needs a zh-CN message (a string).'),
    );
    expect(() => defineErrors(loose({ kind: 'rule', messages: { 'zh-CN': '只有中文。' } }))).toThrow(
      new TypeError('Error code "BROKEN" needs an en message (a string).'),
    );
    expect(() => defineErrors(loose({ kind: 'rule' }))).toThrow(
      new TypeError('Error code "BROKEN" needs an en message (a string).'),
    );
  });

  it('takes every declared kind', () => {
    const catalogue = defineErrors({
      GONE: { kind: 'not_found', messages: { en: 'Gone.', 'zh-CN': '没了。' } },
    });
    expect(catalogue.GONE().code).toBe('GONE');
  });
});
