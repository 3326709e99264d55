/** A product the shop sells, priced in cents. */
export interface Product {
  readonly sku: string;
  readonly name: string;
  readonly priceCents: number;
  /** How many units one order may take. */
  readonly inStock: number;
}

/** The shop's fixed catalogue; a real shop would keep it in a table. */
export const productCatalog: ReadonlyMap<string, Product> = new Map(
  [
    { sku: 'KB-01', name: 'Mechanical keyboard', priceCents: 8900, inStock: 50 },
    { sku: 'MS-02', name: 'Wireless mouse', priceCents: 2900, inStock: 50 },
    { sku: 'MN-27', name: '27" monitor', priceCents: 24900, inStock: 20 },
    { sku: 'CB-USB', name: 'USB-C cable', priceCents: 900, inStock: 50 },
  ].map((product) => [product.sku, product]),
);

/** Finds a product by SKU, or `undefined` when the shop does not sell it. */
export function findProduct(sku: string): Product | undefined {
  return productCatalog.get(sku);
}
