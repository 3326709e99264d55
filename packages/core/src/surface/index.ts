/**
 * What every surface shares (`@opwire/core/surface`): JSON Schema emission, tool naming and descriptions, the
 * authenticator port, invoke options built from a request, a failed span's status, the walk that finds a
 * forbidden key in parsed JSON, and the strict reading of a timestamp stores share. HTTP, the AI tools and MCP all import these from here, so no surface imports
 * another.
 */

export { compileJsonStringify, type JsonStringify } from '../json/compile-json-stringify.js';
export { setFailureStatus } from '../span-status.js';
export { checkOrigins, isOriginAllowed, parseOrigins } from './allowed-origins.js';
export {
  type AuthenticationRequest,
  type Authenticator,
  readBearerToken,
  staticTokens,
  usesBearerScheme,
} from './authenticator.js';
export { checkMilliseconds } from './check-milliseconds.js';
export { findPoisonedKey, prototypePoisoning, shortPointer } from './find-poisoned-key.js';
export { hashArguments } from './hash-arguments.js';
export { invokeOptionsFrom, type SurfaceRequest } from './invoke-options.js';
export { earliestTime, latestTime, parseTimestamp } from './parse-timestamp.js';
export { rejectedCredentials } from './rejected-credentials.js';
export { requestedLocale } from './request-locale.js';
export { toJsonSchema } from './to-json-schema.js';
export { describeOperationTool, type ToolDescriptionOptions } from './tool-description.js';
export { isToolName, toolNameFor } from './tool-name.js';
