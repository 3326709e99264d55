/** Building the shop: app, server and its options. */
export { createShopApp, type ShopAppOptions, shopOperations } from './create-shop-app.js';
/** The demo bearer tokens and their callers. */
export { demoCallers } from './demo-callers.js';
/** The shop's operations. */
export { cancelOrder } from './operations/cancel-order.js';
/** Places an order. */
export { createOrder } from './operations/create-order.js';
/** Returns one order. */
export { getOrder } from './operations/get-order.js';
/** Lists orders. */
export { listOrders } from './operations/list-orders.js';
/** The statements that create the shop's tables. */
export { orderMigrations } from './order-migrations.js';
/** The orders repository and its DI token. */
export {
  type ListOrdersOptions,
  type NewOrder,
  OrderRepository,
  OrderRepositoryToken,
  type OrderScope,
  type SqlRunner,
} from './order-repository.js';
/** Order schemas and types. */
export { Order, OrderId, OrderStatus, orderStatuses } from './order-schema.js';
/** Which orders a caller may see. */
export { orderScopeOf, readAnyOrderPermission } from './order-scope.js';
/** The product catalogue. */
export { findProduct, type Product, productCatalog } from './product-catalog.js';
/** Seed data and seeding. */
export { seedOrders, seedShop } from './seed-orders.js';
/** Starting the shop with its HTTP server. */
export { createShop, defaultDataDir, type Shop, type ShopExtension, type ShopOptions } from './server.js';
/** The shop's error codes. */
export { type ShopErrorCode, shopErrors } from './shop-errors.js';
/** The shop's AI governance on its database, and the demo prices. */
export { createShopGovernance, type ShopGovernanceOptions, shopPrices } from './shop-governance.js';
/** Why `createShop` or `listen()` failed at a step the operator fixes (data folder, database, address). */
export { ShopStartupError, type ShopStartupStep } from './shop-startup-error.js';
/** Starts OpenTelemetry (OTLP/HTTP traces and metrics) when OTEL_EXPORTER_OTLP_ENDPOINT is set, as `main.ts` does. */
export { type ShopTelemetry, startTelemetry } from './telemetry.js';
