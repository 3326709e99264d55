import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';

/** The lines of an input the SDK's stdio transport reads, and how to stop reading the input. */
export interface AdmittedLines {
  /** The admitted lines, each ending in a newline; ends when the input ends. */
  readonly lines: Readable;
  /** Stops reading the input (the transport closed), pausing it as the SDK's transport pauses stdin. */
  detach(): void;
}

/**
 * Reads `input` line by line and passes on the lines `admit` returns true for, so the SDK's transport only sees
 * what it can read: it drops any other line without answering, and `admit` answers it instead. A line longer than
 * the transport's buffer is passed on as it is, for the transport to refuse as it always has.
 */
export function admitLines(input: Readable, admit: (line: string) => boolean): AdmittedLines {
  const lines = new PassThrough();
  const decoder = new StringDecoder('utf8');
  let buffered = '';
  const onData = (chunk: Buffer | string) => {
    buffered += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).replace(/\r$/, '');
      buffered = buffered.slice(newline + 1);
      if (admit(line)) lines.write(`${line}\n`);
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      lines.write(buffered);
      buffered = '';
    }
  };
  // What was not ended by a newline is no message, as for the transport.
  const onEnd = () => lines.end();
  // The transport reports an error of its input to `onerror`, reading on, as it did of stdin.
  const onError = (error: Error) => lines.emit('error', error);
  input.on('data', onData);
  input.once('end', onEnd);
  input.on('error', onError);
  return {
    lines,
    detach: () => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      if (input.listenerCount('data') === 0) input.pause();
    },
  };
}
