// Loaded first (`node --import ./dist/telemetry.js`): an OpenTelemetry SDK with the current HTTP
// instrumentation and an in-memory exporter, set up as OpenTelemetry documents it for an ES-module app.
import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

// ES modules are instrumented through OpenTelemetry's loader hook (require hooks only see CommonJS).
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

export const exporter = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
trace.setGlobalTracerProvider(
  new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
);
registerInstrumentations({ instrumentations: [new HttpInstrumentation()] });
