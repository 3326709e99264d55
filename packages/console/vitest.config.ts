import { sharedConfig } from '../../vitest.shared.js';

// Runs this package's tests on the workspace's TypeScript source (the `@opwire/source` condition).
export default sharedConfig;
