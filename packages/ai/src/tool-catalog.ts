import type { AnyOperation, Caller, Locale, Opwire, Stability } from '@opwire/core';
import { coreErrors } from '@opwire/core';
import { describeOperationTool, isToolName, toolNameFor } from '@opwire/core/surface';
import type { Tool, ToolSet } from 'ai';
import { type Approvals, createApprovals } from './approvals/create-approvals.js';
import { type BindOptions, bindTools } from './bind-tools.js';
import { requiresApproval } from './requires-approval.js';
import { type ModelSchema, toModelSchema } from './strict-schema.js';

/** One tool a model can be offered: an operation exposed to `ai`, or a tool registered explicitly. */
export interface ToolEntry {
  readonly name: string;
  /** The operation behind the tool; `undefined` for an explicit tool. */
  readonly operation: AnyOperation | undefined;
  readonly permission: string | undefined;
  readonly requiresApproval: boolean;
  readonly stability: Stability | undefined;
  /** The input schema as sent to the model (OpenAI strict form where possible). */
  readonly input: ModelSchema | undefined;
  readonly output: ModelSchema | undefined;
  /** The explicit AI SDK tool, for entries that are not operations. */
  readonly tool: Tool | undefined;
  describe(locale: Locale): string;
}

/** Options for `createToolCatalog`. */
export interface ToolCatalogOptions {
  readonly app: Opwire;
  /** AI SDK tools registered by name, offered to every caller as they are. */
  readonly tools?: Readonly<Record<string, Tool>>;
  /** Tool-name overrides by operation id (win over `operation.ai.name`). */
  readonly names?: Readonly<Record<string, string>>;
  /** Where calls that need approval wait; defaults to in-memory approvals over `app`. */
  readonly approvals?: Approvals;
}

/** The tools of an app, checked at startup, and bindable to one caller at a time. */
export interface ToolCatalog {
  readonly app: Opwire;
  readonly approvals: Approvals;
  all(): readonly ToolEntry[];
  find(name: string): ToolEntry | undefined;
  /** AI SDK tools that run through `app.invoke` as `caller`, limited to what the caller may call. */
  bind(caller: Caller, options?: BindOptions): ToolSet;
}

/** Builds the catalog; an invalid or duplicate tool name fails with `INVALID_CONFIGURATION` naming the culprit. */
export function createToolCatalog(options: ToolCatalogOptions): ToolCatalog {
  const exposed = options.app.registry.exposedTo('ai');
  const names = options.names ?? {};
  for (const id of Object.keys(names)) {
    if (!exposed.some((operation) => operation.id === id)) {
      fail(`names: operation "${id}" is not registered or not exposed to ai`);
    }
  }
  const entries = new Map<string, ToolEntry>();
  const add = (entry: ToolEntry, culprit: string) => {
    if (!isToolName(entry.name)) {
      fail(`${culprit}: tool name "${entry.name}" must match ^[A-Za-z0-9_-]{1,64}$`);
    }
    const existing = entries.get(entry.name);
    if (existing) {
      const other = existing.operation ? `operation "${existing.operation.id}"` : 'an explicit tool';
      fail(`${culprit}: tool name "${entry.name}" is already used by ${other}`);
    }
    entries.set(entry.name, entry);
  };
  for (const operation of exposed) {
    const name = names[operation.id] ?? operation.ai?.name ?? toolNameFor(operation.id);
    add(operationEntry(operation, name, options.app), `operation "${operation.id}"`);
  }
  for (const [name, tool] of Object.entries(options.tools ?? {})) {
    add(explicitEntry(name, tool), `tool "${name}"`);
  }
  const approvals = options.approvals ?? createApprovals({ app: options.app });
  const catalog: ToolCatalog = {
    app: options.app,
    approvals,
    all: () => [...entries.values()],
    find: (name) => entries.get(name),
    bind: (caller, bindOptions = {}) => bindTools(catalog, caller, bindOptions),
  };
  return catalog;
}

function operationEntry(operation: AnyOperation, name: string, app: Opwire): ToolEntry {
  const errors = app.errorsOf(operation);
  const needsApproval = requiresApproval(operation);
  return {
    name,
    operation,
    permission: operation.permission,
    requiresApproval: needsApproval,
    stability: operation.stability,
    input: toModelSchema(operation.request),
    output: toModelSchema(operation.response),
    tool: undefined,
    describe: (locale) =>
      describeOperationTool(operation, locale, { errors, requiresApproval: needsApproval }),
  };
}

function explicitEntry(name: string, tool: Tool): ToolEntry {
  return {
    name,
    operation: undefined,
    permission: undefined,
    requiresApproval: false,
    stability: undefined,
    input: undefined,
    output: undefined,
    tool,
    describe: () => (typeof tool.description === 'string' ? tool.description : name),
  };
}

function fail(reason: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason: `tool catalog: ${reason}` } });
}
