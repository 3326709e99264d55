/**
 * The longest each filter may be: the `maxLength` of the governance operations' query schemas
 * (`turnFilterFields` and `governance.listAudit` in `@opwire/ai`). The inputs stop there, and an address
 * holding more is no filter. `test/src/shop/console-filter-limits.test.ts` holds them to the shop's OpenAPI.
 */
export const filterLimits = {
  model: 200,
  provider: 100,
  principalId: 200,
  conversationId: 200,
  tool: 64,
  turnId: 200,
} as const;
