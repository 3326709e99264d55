import { defineGroup } from '@opwire/core';

/**
 * The shop's order operations share their exposure (HTTP, models and MCP clients) and their
 * permission prefix: `permission: 'read'` means `orders:read`.
 */
export const orderOperations = defineGroup({
  expose: ['http', 'ai', 'mcp'],
  permissionPrefix: 'orders',
});
