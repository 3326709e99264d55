import { coreErrors, type OpwireError } from '@opwire/core';
import { aiErrors } from './ai-errors.js';

/** The values a prompt template may use, as `{name}` placeholders. */
export interface PromptValues {
  readonly principalId: string;
  readonly tenant: string;
  readonly locale: string;
  /** Today's date, `YYYY-MM-DD`. */
  readonly date: string;
  /** The names of the tools offered this turn, comma separated. */
  readonly tools: string;
}

const known: ReadonlySet<string> = new Set<keyof PromptValues>([
  'principalId',
  'tenant',
  'locale',
  'date',
  'tools',
]);
const placeholder = /\{(\w+)\}/g;

/** System-prompt templates by name, checked at startup. */
export interface PromptRegistry {
  has(name: string): boolean;
  /** Renders a template; an unknown name fails with `PROMPT_NOT_FOUND`. */
  render(name: string, values: PromptValues): string;
}

/** Registers templates; an unknown placeholder fails startup with `INVALID_CONFIGURATION` naming it. */
export function createPromptRegistry(templates: Readonly<Record<string, string>>): PromptRegistry {
  for (const [name, template] of Object.entries(templates)) {
    if (typeof template !== 'string' || template.trim() === '') {
      throw configuration(`prompt "${name}" is empty`);
    }
    for (const [, key] of template.matchAll(placeholder)) {
      if (!known.has(key as string)) {
        throw configuration(
          `prompt "${name}" uses unknown placeholder {${key}}; known: ${[...known].map((each) => `{${each}}`).join(', ')}`,
        );
      }
    }
  }
  return {
    has: (name) => Object.hasOwn(templates, name),
    render(name, values) {
      const template = Object.hasOwn(templates, name) ? templates[name] : undefined;
      if (template === undefined) throw aiErrors.PROMPT_NOT_FOUND({ params: { prompt: name } });
      return template.replace(placeholder, (_match, key: string) => values[key as keyof PromptValues]);
    },
  };
}

function configuration(reason: string): OpwireError {
  return coreErrors.INVALID_CONFIGURATION({ params: { reason } });
}
