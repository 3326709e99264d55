/** A small orders app on memory adapters that counts handler calls, for HTTP tests. */
export { createFixtureApp, type FixtureApp, fixtureCallers } from './fixture-app.js';
/** Test clients for the node server (over loopback) and the fetch handler. */
export {
  serveOverLoopback,
  serveThroughFetchHandler,
  type TestClient,
  type TestRequest,
} from './serve-for-test.js';
