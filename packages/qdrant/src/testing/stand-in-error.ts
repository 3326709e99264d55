/** A request the stand-in refuses as Qdrant would: the HTTP status and Qdrant's error text. */
export class StandInError extends Error {
  override readonly name = 'StandInError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A feature of Qdrant's API the stand-in does not implement: refused with 501 and recorded as a problem. */
export const unsupported = (feature: string): StandInError =>
  new StandInError(501, `The Qdrant stand-in does not implement ${feature}`);
