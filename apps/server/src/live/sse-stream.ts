import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { chunkOf, deflateChunk, SharedFrame, writeFrame } from './live-page';
import type { LiveStream } from './live.service';

/**
 * One viewer's open live stream (GET /api/events/:eventId/live) as LiveService writes to it: its
 * frames, compressed when the viewer accepts gzip. A crowd at a round's end is 10,000 of these
 * written one after another for every result (issue 35 #4), so the per-viewer work is kept to the
 * write itself: once a frame went straight to the socket (writeFrame), the next ones go there
 * without asking the response again, and the backlog is the socket's.
 */
export class SseStream implements LiveStream {
  sentAt = 0;
  pageSerial: number | null = null;
  private ended = false;
  /** The socket the frames go straight to, once writeFrame found that they can. */
  private socket: Socket | null = null;

  constructor(
    private readonly res: ServerResponse,
    private readonly gzip: boolean,
  ) {}

  send(frame: SharedFrame | string): void {
    if (this.ended) return;
    this.sentAt = Date.now(); // the heartbeat sweep passes this stream by (LiveService.keepAlive)
    if (typeof frame === 'string') this.res.write(this.gzip ? deflateChunk(frame) : frame);
    else if (this.socket?.writable && (this.gzip ? frame.gzip : frame.plain).length > 0) this.socket.write(chunkOf(frame, this.gzip));
    else this.socket = writeFrame(this.res, frame, this.gzip);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
  }

  /** Bytes written and not yet taken by the kernel (LiveService cuts off a viewer that cannot keep up). */
  backlog(): number {
    return this.socket ? this.socket.writableLength : this.res.writableLength;
  }
}
