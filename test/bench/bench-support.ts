/** Small helpers the benches share: a seeded PRNG (mulberry32), the median of a sample, an HTTP call. */
import { request as httpRequest } from 'node:http';
import { mulberry32 } from '@chuhe/xiangqi';

/** The project's seeded PRNG for tests and benches (libs/xiangqi mulberry32). */
export const prng = mulberry32;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One HTTP request to the server on 127.0.0.1:`port`: status, body text and its Server-Timing header. */
export function call(port: number, method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; text: string; timing: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...(data && { 'content-type': 'application/json', 'content-length': data.length }), ...(auth && { authorization: auth }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), timing: String(res.headers['server-timing'] ?? '') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Wall times of `runs` calls of `f` (after `warmup` calls), in ms, in call order. */
export async function wallTimes(runs: number, f: () => Promise<unknown> | unknown, warmup = 1): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** Median wall time of `f` over `runs` calls, after `warmup` calls. */
export async function timed(runs: number, f: () => Promise<unknown> | unknown, warmup = 1): Promise<number> {
  return median(await wallTimes(runs, f, warmup));
}

/** A fresh account on the bench's server; answers its Authorization header and its e-mail. */
export async function benchUser(port: number, password = 'correct horse battery'): Promise<{ auth: string; email: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.chuhe`;
  await call(port, 'POST', '/api/auth/register', { email, displayName: 'bench', password });
  const login = await call(port, 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200 && login.status !== 201) throw new Error(`login: ${login.status} ${login.text.slice(0, 300)}`);
  return { auth: `Bearer ${JSON.parse(login.text).token}`, email };
}

/** A tournament created over HTTP by `auth`; answers its id. */
export async function benchTournament(port: number, auth: string, names = { nameZh: '基准', nameEn: 'Bench' }, endDate = '2026-12-09'): Promise<string> {
  const t = await call(port, 'POST', '/api/tournaments', { ...names, venue: 'here', startDate: '2026-12-01', endDate, organizer: 'bench' }, auth);
  if (t.status !== 201) throw new Error(`tournament: ${t.status} ${t.text.slice(0, 300)}`);
  return JSON.parse(t.text).id as string;
}
