import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { aiErrors, createPromptRegistry } from '@opwire/ai';
import type { Locale } from '@opwire/core';
import { localeOf, type McpRequestContext } from './mcp-connection.js';

/** An app's prompt templates as MCP prompts. */
export interface McpPrompts {
  /** Every prompt, described in `locale`. */
  list(locale: Locale): Prompt[];
  /** A prompt rendered for the request's caller with the tools it is offered; an unknown name is `PROMPT_NOT_FOUND`. */
  get(name: string, context: McpRequestContext, tools: readonly string[]): GetPromptResult;
}

const labels = {
  en: 'The "{name}" instructions, filled in for you and the tools you may call.',
  'zh-CN': '“{name}”指令，已按您的身份和可调用的工具填写。',
} as const;

/**
 * Serves the chat's prompt templates (checked at startup like the chat checks them) as prompts without
 * arguments: `{principalId}`, `{tenant}`, `{locale}`, `{date}` and `{tools}` come from the caller, never from
 * the client. Each renders as one user message, since MCP prompts carry no system role.
 */
export function createMcpPrompts(templates: Readonly<Record<string, string>>): McpPrompts {
  const registry = createPromptRegistry(templates);
  const names = Object.keys(templates);
  const describe = (name: string, locale: Locale) => (labels[locale] ?? labels.en).replace('{name}', name);
  return {
    list: (locale) => names.map((name) => ({ name, description: describe(name, locale) })),
    get(name, context, tools) {
      if (!registry.has(name)) throw aiErrors.PROMPT_NOT_FOUND({ params: { prompt: name } });
      const locale = localeOf(context);
      const text = registry.render(name, {
        principalId: context.caller.principalId,
        tenant: context.caller.tenant,
        locale,
        date: new Date().toISOString().slice(0, 10),
        tools: tools.join(', '),
      });
      return {
        description: describe(name, locale),
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
    },
  };
}
