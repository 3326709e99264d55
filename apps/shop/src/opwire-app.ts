/** What `opwire tools --app ./src/opwire-app.ts` reads: the shop's operations as one list. */
import { shopOperations } from './create-shop-app.js';

/** The shop's operations. */
export const operations = shopOperations;
