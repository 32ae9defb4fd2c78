import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { GZIP_HEADER, sharedFrame, writeFrame } from './live-page';
import { SseStream } from './sse-stream';

/**
 * writeFrame (issue 35 #4): a shared frame handed to the socket framed once as an HTTP chunk is the
 * same stream a client reads from res.write — mixed with res.write, plain and gzip, and res.write is
 * not asked for the frames while the response writes straight to its socket.
 */
describe('writeFrame', () => {
  async function serve(gzip: boolean, writes: (res: http.ServerResponse) => void): Promise<{ body: Buffer; viaRes: number }> {
    const spy = { viaRes: 0 };
    const server = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      if (gzip) res.setHeader('Content-Encoding', 'gzip');
      res.flushHeaders();
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      res.write = ((chunk: unknown) => {
        spy.viaRes++;
        return write(chunk);
      }) as typeof res.write;
      writes(res);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const body = await new Promise<Buffer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => {
            expect(res.headers['transfer-encoding']).toBe('chunked');
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () => resolve(Buffer.concat(parts)));
          })
          .on('error', reject);
      });
      return { body, viaRes: spy.viaRes };
    } finally {
      await new Promise((r) => server.close(r));
    }
  }

  const a = sharedFrame('id: 1\nevent: change\ndata: <p>一</p>\n\n');
  const b = sharedFrame('id: 2\nevent: change\ndata: <p>two</p>\n\n');

  it('plain: the frames and res.write in between arrive in order, byte for byte; the frames do not go through res.write', async () => {
    const { body, viaRes } = await serve(false, (res) => {
      writeFrame(res, a, false);
      res.write('retry: 2000\n\n');
      writeFrame(res, b, false);
      writeFrame(res, a, false);
    });
    expect(body.toString('utf8')).toBe(a.plain.toString() + 'retry: 2000\n\n' + b.plain.toString() + a.plain.toString());
    expect(viaRes).toBe(1);
    // Framed once, kept on the shared frame for the next viewer.
    expect(a.chunked?.plain?.toString('latin1')).toBe(`${a.plain.length.toString(16)}\r\n${a.plain.toString('latin1')}\r\n`);
  });

  it('gzip: the stream after the header inflates to the frames', async () => {
    const { body } = await serve(true, (res) => {
      res.write(GZIP_HEADER);
      writeFrame(res, a, true);
      writeFrame(res, b, true);
    });
    expect(gunzipSync(body, { finishFlush: 2 /* Z_SYNC_FLUSH */ }).toString('utf8')).toBe(a.plain.toString() + b.plain.toString());
  });

  it('SseStream: after the first frame the next go straight to the socket, in order with its own lines; nothing after end', async () => {
    let stream: SseStream | undefined;
    let sentAt = 0;
    const { body, viaRes } = await serve(false, (res) => {
      stream = new SseStream(res, false);
      stream.send('retry: 2000\n\n');
      stream.send(a);
      stream.send(b);
      stream.send('id: 3\nevent: refetch\ndata: 3\n\n');
      stream.send(a);
      sentAt = stream.sentAt;
      expect(stream.backlog()).toBeGreaterThanOrEqual(0);
      stream.end();
      stream.send(b); // after the end: dropped, not an error
    });
    expect(body.toString('utf8')).toBe('retry: 2000\n\n' + a.plain.toString() + b.plain.toString() + 'id: 3\nevent: refetch\ndata: 3\n\n' + a.plain.toString());
    // The two lines of its own through res.write, the frames not; the spy's res.end is the stream's.
    expect(viaRes).toBe(2);
    expect(sentAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('falls back to res.write when the response is not chunked', async () => {
    const server = http.createServer((_req, res) => {
      res.setHeader('Content-Length', String(a.plain.length));
      res.flushHeaders();
      writeFrame(res, a, false);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const text = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
      expect(text).toBe(a.plain.toString());
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
