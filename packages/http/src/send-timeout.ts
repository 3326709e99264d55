import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Where a socket's output stood when last looked at: bytes flushed, and since when nothing more was. */
interface SendProgress {
  flushed: number;
  since: number;
}

/**
 * Closes a connection whose output has been waiting, with no byte of it flushed, for `timeoutMs`: a client that
 * stopped reading its answers (or never reads them) would otherwise hold its connection, and the memory of the
 * answers queued for it, for ever. Only unflushed output counts: an event stream waiting for its next event, its
 * output all sent, stays open however long it waits, and a slow reader that keeps reading is never cut (Node's
 * `socket.setTimeout` counts idleness both ways and would cut both). Closing the socket cancels its call, as a
 * client going away does.
 */
export function cutStalledSends(server: Server, timeoutMs: number): void {
  const sockets = new Map<Socket, SendProgress | undefined>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  const sweep = () => {
    const now = Date.now();
    for (const [socket, progress] of sockets) {
      if (socket.writableLength === 0) {
        if (progress !== undefined) sockets.set(socket, undefined);
        continue;
      }
      // `bytesWritten` counts what is queued too: what has left the queue is the difference.
      const flushed = socket.bytesWritten - socket.writableLength;
      if (progress === undefined || progress.flushed !== flushed) {
        sockets.set(socket, { flushed, since: now });
      } else if (now - progress.since >= timeoutMs) {
        socket.destroy();
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    clearInterval(timer);
    timer = setInterval(sweep, Math.max(50, Math.min(1000, Math.floor(timeoutMs / 4))));
    timer.unref();
  });
  server.on('close', () => clearInterval(timer));
}
