import { INestApplication } from '@nestjs/common';
import http from 'node:http';
import request from 'supertest';
import type { Play } from './results-helpers';

/** The public pages show published tournaments only. */
export async function publishTournament(app: INestApplication, play: Pick<Play, 'tournamentId' | 'organizer'>): Promise<void> {
  const t = await request(app.getHttpServer()).get(`/api/tournaments/${play.tournamentId}`).set('Authorization', play.organizer.auth).expect(200);
  await request(app.getHttpServer())
    .patch(`/api/tournaments/${play.tournamentId}`)
    .set('Authorization', play.organizer.auth)
    .send({ version: t.body.version, published: true })
    .expect(200);
}

export interface Frame {
  id?: string;
  event: string;
  data: string;
  /** When it arrived (Date.now()). */
  at?: number;
}

/** An SSE client over plain HTTP: frames as they arrive, `next(pred)` waits for one. */
export function openStream(port: number, path: string, headers: Record<string, string> = {}, localAddress?: string) {
  const frames: Frame[] = [];
  /** When each comment-only block (the heartbeat's `: keep-alive`) arrived (Date.now()). */
  const comments: number[] = [];
  const waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  let buffer = '';
  let status = 0;
  let contentType = '';
  let headersSeen: http.IncomingHttpHeaders = {};
  let body = '';
  let markEnded = () => undefined as void;
  const ended = new Promise<void>((r) => (markEnded = r));
  let close = () => undefined as void;
  const ready = new Promise<void>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type'] ?? '');
      headersSeen = res.headers;
      res.setEncoding('utf8');
      res.on('end', markEnded);
      res.on('close', markEnded);
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const f: Frame = { event: 'message', data: '', at: Date.now() };
          let any = false;
          let lines = 0;
          for (const line of block.split('\n')) {
            const m = /^(id|event|data): ?(.*)$/.exec(line);
            if (!m) continue;
            any = true;
            if (m[1] === 'id') f.id = m[2];
            else if (m[1] === 'event') f.event = m[2];
            else f.data += (lines++ ? '\n' : '') + m[2]; // data lines join with a newline (the SSE spec)
          }
          if (!any) {
            if (block.split('\n').some((line) => line.startsWith(':'))) comments.push(Date.now());
            continue;
          }
          frames.push(f);
          for (const w of [...waiters])
            if (w.pred(f)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(f);
            }
        }
      });
      resolve();
    });
    req.on('error', reject);
    close = () => req.destroy();
  });
  return {
    ready,
    frames,
    comments,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    get headers() {
      return headersSeen;
    },
    /** Everything received (a refusal's JSON body). */
    get body() {
      return body;
    },
    /** Resolves when the server ends the response. */
    ended,
    close: () => close(),
    next(pred: (f: Frame) => boolean, ms = 8000): Promise<Frame> {
      const seen = frames.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no frame within ${ms} ms; saw ${JSON.stringify(frames)}`)), ms);
        waiters.push({
          pred,
          resolve: (f) => {
            clearTimeout(t);
            resolve(f);
          },
        });
      });
    },
  };
}
