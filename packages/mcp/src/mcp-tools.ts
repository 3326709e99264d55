import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { requiresApproval } from '@opwire/ai';
import {
  type AnyOperation,
  type Caller,
  coreErrors,
  hasPermission,
  type Locale,
  localizeText,
  type Opwire,
} from '@opwire/core';
import { describeOperationTool, isToolName, toJsonSchema, toolNameFor } from '@opwire/core/surface';
import { outputSchemaOf } from './output-schema.js';
import { withoutRepeatedIds } from './without-repeated-ids.js';

/** One operation served as an MCP tool. */
export interface McpTool {
  readonly name: string;
  readonly operation: AnyOperation;
  /** Whether a call waits for the user's approval (as a model's call would: `requiresApproval` of `@opwire/ai`). */
  readonly requiresApproval: boolean;
  /** Whether the response is an object, sent as `structuredContent` and declared as `outputSchema`. */
  readonly structured: boolean;
  /** The tool as `tools/list` shows it, described in `locale`. */
  define(locale: Locale): Tool;
}

/**
 * The tools of an app: every operation exposed to `mcp` (never `internal` or streaming ones), named as the AI
 * tool catalog names them (`names[id]`, else `operation.ai.name`, else `toolNameFor(id)`). An invalid or
 * duplicate name, or a `names` entry for an operation not exposed to `mcp`, fails with `INVALID_CONFIGURATION`.
 */
export function createMcpTools(app: Opwire, names: Readonly<Record<string, string>> = {}): McpTool[] {
  const exposed = app.registry.exposedTo('mcp');
  for (const id of Object.keys(names)) {
    if (!exposed.some((operation) => operation.id === id)) {
      fail(`names: operation "${id}" is not registered or not exposed to mcp`);
    }
  }
  const byName = new Map<string, McpTool>();
  for (const operation of exposed) {
    const name = names[operation.id] ?? operation.ai?.name ?? toolNameFor(operation.id);
    if (!isToolName(name)) {
      fail(`operation "${operation.id}": tool name "${name}" must match ^[A-Za-z0-9_-]{1,64}$`);
    }
    const existing = byName.get(name);
    if (existing) {
      fail(
        `operation "${operation.id}": tool name "${name}" is already used by operation "${existing.operation.id}"`,
      );
    }
    byName.set(name, toolOf(app, operation, name));
  }
  return [...byName.values()];
}

/** Whether a caller may call a tool (the permission its operation asks for, if any). */
export function mayCallTool(tool: McpTool, caller: Caller): boolean {
  const permission = tool.operation.permission;
  return permission === undefined || hasPermission(caller, permission);
}

function toolOf(app: Opwire, operation: AnyOperation, name: string): McpTool {
  const errors = app.errorsOf(operation);
  const needsApproval = requiresApproval(operation);
  const inputSchema = withoutRepeatedIds(toJsonSchema(operation.request)) as Tool['inputSchema'];
  const outputSchema = outputSchemaOf(operation.response);
  const definitions = new Map<Locale, Tool>();
  return {
    name,
    operation,
    requiresApproval: needsApproval,
    structured: outputSchema !== undefined,
    define(locale) {
      let definition = definitions.get(locale);
      if (!definition) {
        const title = localizeText(operation.summary, locale);
        definition = {
          name,
          ...(title ? { title } : {}),
          description: describeOperationTool(operation, locale, { errors, requiresApproval: needsApproval }),
          inputSchema,
          ...(outputSchema ? { outputSchema } : {}),
          annotations: {
            ...(title ? { title } : {}),
            readOnlyHint: !operation.writes,
            ...(operation.destructive === undefined ? {} : { destructiveHint: operation.destructive }),
            ...(operation.idempotent === undefined ? {} : { idempotentHint: operation.idempotent }),
          },
        };
        definitions.set(locale, definition);
      }
      return definition;
    },
  };
}

function fail(reason: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `mcp tools: ${reason}` } });
}
