/** Latencies of one round in 1 µs buckets up to 100 ms (autocannon's own histogram counts whole milliseconds). */
export class MicrosecondHistogram {
  private readonly counts = new Uint32Array(100_000);
  private total = 0;

  record(milliseconds: number): void {
    const bucket = Math.min(this.counts.length - 1, Math.round(milliseconds * 1000));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
  }

  percentile(fraction: number): number {
    const rank = Math.ceil(this.total * fraction);
    let seen = 0;
    for (let micros = 0; micros < this.counts.length; micros++) {
      seen += this.counts[micros] as number;
      if (seen >= rank) return micros;
    }
    return Number.NaN;
  }
}
