/** The statements that create the shop's tables; each is safe to run again on every start. */
export const orderMigrations: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS shop_orders (
    tenant text NOT NULL,
    id text NOT NULL,
    customer text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled')),
    sku text NOT NULL,
    quantity integer NOT NULL CHECK (quantity >= 1),
    total_cents integer NOT NULL CHECK (total_cents >= 0),
    note text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant, id)
  )`,
  'CREATE INDEX IF NOT EXISTS shop_orders_by_tenant_customer ON shop_orders (tenant, customer, created_at DESC)',
];
