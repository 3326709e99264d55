import { readFile } from 'node:fs/promises';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import * as functions from '@stoplight/spectral-functions';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

/** The rulesets a committed ruleset may extend, from node_modules (no URL is ever fetched). */
const known: Record<string, RulesetDefinition> = {
  'spectral:oas': oas as RulesetDefinition,
  '@stoplight/spectral-owasp-ruleset': owasp as unknown as RulesetDefinition,
};

/** A switched-off rule of a committed ruleset and the reason written after it. */
export interface SwitchedOff {
  readonly rule: string;
  readonly reason: string;
}

/**
 * Loads a Spectral YAML ruleset the way the CLI reads it, for the rulesets installed here: `extends` by name,
 * rule functions by their core name (`schema`, `defined`, ...). Also returns each `off` rule with its reason.
 */
export async function loadSpectralRuleset(
  path: string,
): Promise<{ ruleset: RulesetDefinition; switchedOff: SwitchedOff[] }> {
  const text = await readFile(path, 'utf8');
  const data = Yaml.parse(text).data as {
    extends: string[];
    rules: Record<string, string | { then: { function: string } | Array<{ function: string }> }>;
  };
  const rules: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(data.rules ?? {})) {
    if (typeof rule === 'string') {
      rules[name] = rule;
      continue;
    }
    const resolve = (then: { function: string }) => {
      const found = (functions as Record<string, unknown>)[then.function];
      if (!found) throw new Error(`${path}: rule ${name} names an unknown function ${then.function}`);
      return { ...then, function: found };
    };
    // Spectral's rule shape has a `then` key; it is data, never awaited.
    // biome-ignore lint/suspicious/noThenProperty: Spectral names a rule's action `then`.
    rules[name] = { ...rule, then: Array.isArray(rule.then) ? rule.then.map(resolve) : resolve(rule.then) };
  }
  const ruleset = {
    extends: data.extends.map((name) => {
      const found = known[name];
      if (!found) throw new Error(`${path}: extends an unknown ruleset ${name}`);
      return found;
    }),
    rules,
  } as RulesetDefinition;
  const switchedOff = [...text.matchAll(/^ {2}([\w:.-]+): off(?: *# *(.*))?$/gm)].map((match) => ({
    rule: match[1] as string,
    reason: (match[2] ?? '').trim(),
  }));
  return { ruleset, switchedOff };
}
