import type { EmbeddingModel } from 'ai';

/** The AI SDK's embedding model specification, version 4 (what `embedMany` calls). */
export type EmbeddingModelV4 = Extract<EmbeddingModel, { readonly specificationVersion: 'v4' }>;

/** An AI SDK embedding model object (string ids are left to the app, which chooses the provider). */
export type KnowledgeEmbeddingModel = Exclude<EmbeddingModel, string>;
