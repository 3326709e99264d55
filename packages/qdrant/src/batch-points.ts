// Qdrant refuses a request body longer than its `service.max_request_size_mb`, 32 MiB by default.
const maxRequestBytes = 32 * 1024 * 1024;
// The body is `{"points":[` and `]}` around the points, which commas separate.
const envelopeBytes = '{"points":[]}'.length;

/**
 * Splits points into upsert bodies of at most `batchSize` points and at most 32 MiB of JSON each (Qdrant's default
 * request limit), in order. A point longer than the limit on its own still gets a body of its own, which Qdrant
 * then refuses, naming the size.
 */
export function batchPoints<Point>(points: readonly Point[], batchSize: number): Point[][] {
  const batches: Point[][] = [];
  let batch: Point[] = [];
  let bytes = envelopeBytes;
  for (const point of points) {
    const size = Buffer.byteLength(JSON.stringify(point));
    if (batch.length > 0 && (batch.length === batchSize || bytes + 1 + size > maxRequestBytes)) {
      batches.push(batch);
      batch = [];
      bytes = envelopeBytes;
    }
    bytes += (batch.length > 0 ? 1 : 0) + size;
    batch.push(point);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
