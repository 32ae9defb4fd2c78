// What the soaks (`npm run soak`, test/soak/*.soak-spec.ts) share: real HTTP to an app listening on
// a port, sizes from the environment, latency figures, and the one summary line each soak prints
// for the team's note.
import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';

/** A size of the soak: the environment variable when it is a positive whole number, else the default. */
export function soakSize(variable: string, fallback: number): number {
  const n = Number(process.env[variable]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The app listening on a free port of 127.0.0.1; its base URL. */
export async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: any;
  text: string;
  ms: number;
}

export interface CallOptions {
  auth?: string;
  headers?: Record<string, string>;
  /** A raw body (a form, a file); otherwise `body` is sent as JSON. */
  raw?: { type: string; data: string };
  timeoutMs?: number;
}

/** One request; a connection that fails is status 0 (counted, never thrown). */
export async function call(base: string, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(options.raw ? { 'content-type': options.raw.type } : body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.auth ? { authorization: options.auth } : {}),
        ...options.headers,
      },
      body: options.raw ? options.raw.data : body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // a page or a file
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed, text, ms: performance.now() - t0 };
  } catch (error) {
    return { status: 0, retryAfter: null, body: undefined, text: String(error), ms: performance.now() - t0 };
  }
}

export const PASSWORD = 'correct horse battery';
let users = 0;

/** Registers and logs in a new user over HTTP; the bearer header value, email and id. */
export async function newAccount(base: string, name: string, headers: Record<string, string> = {}): Promise<{ auth: string; email: string; id: string }> {
  const email = `${name}-${process.pid}-${Date.now()}-${++users}@soak.chuhe`;
  const registered = await call(base, 'POST', '/api/auth/register', { email, displayName: name, password: PASSWORD }, { headers });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const login = await call(base, 'POST', '/api/auth/login', { email, password: PASSWORD }, { headers });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { auth: `Bearer ${login.body.token}`, email, id: login.body.user.id };
}

/** A request that must succeed with `status`; its body. */
export async function must(base: string, status: number, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<any> {
  const answer = await call(base, method, path, body, options);
  if (answer.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`);
  return answer.body;
}

/** p50 and max of latencies (ms), one decimal. */
export function latency(samples: readonly number[]): { n: number; p50: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { n: sorted.length, p50: round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: round(sorted[sorted.length - 1] ?? 0) };
}

/** GET /api/health every `everyMs` until stop() is true: each answer's status and latency. */
export async function pollHealth(base: string, stop: () => boolean, everyMs = 50): Promise<{ statuses: number[]; ms: number[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  while (!stop()) {
    const answer = await call(base, 'GET', '/api/health', undefined, { timeoutMs: 30_000 });
    statuses.push(answer.status);
    ms.push(answer.ms);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return { statuses, ms };
}

/** Waits until /api/health answers 200 (or `ms` passed); the last answer. */
export async function healthy(base: string, ms: number): Promise<Answer> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await call(base, 'GET', '/api/health', undefined, { timeoutMs: 10_000 });
    if (answer.status === 200 || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How many of each key: `{ "200": 5, "503": 2 }`. */
export function tally<T>(items: readonly T[], key: (item: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[String(key(item))] = (out[String(key(item))] ?? 0) + 1;
  return out;
}

/** The soak's one summary line (for the team's note): `[soak name] key=value …`. */
export function summary(name: string, figures: Record<string, unknown>): string {
  const line = `[soak ${name}] ${Object.entries(figures)
    .map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' ')}`;
  console.log(line);
  return line;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const SOAK_TOURNAMENT = {
  nameZh: '压力',
  nameEn: 'Soak',
  venue: 'here',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  organizer: 'soak',
};

export const SOAK_SWISS = {
  nameZh: '个人',
  nameEn: 'Individual',
  kind: 'individual',
  stages: [{ type: 'swiss', rounds: 7 }],
  timeControl: { baseMinutes: 60, incrementSeconds: 30 },
};

/** A tournament with an individual event of `players` entered, drawn, its first round paired and published (over HTTP). */
export async function publishedRound(base: string, auth: string, players: number) {
  const tournamentId = (await must(base, 201, 'POST', '/api/tournaments', SOAK_TOURNAMENT, { auth })).id as string;
  const eventId = (await must(base, 201, 'POST', `/api/tournaments/${tournamentId}/events`, SOAK_SWISS, { auth })).id as string;
  const csv = ['name_zh,name_en,gender,rating', ...Array.from({ length: players }, (_, i) => `棋手${i},Player ${i},male,${2400 - i}`)].join('\n');
  const imported = await must(base, 201, 'POST', `/api/tournaments/${tournamentId}/import/players`, { csv }, { auth });
  const playerIds = (imported.players as { id: string }[]).map((p) => p.id);
  await must(base, 201, 'POST', `/api/events/${eventId}/entries/bulk`, { playerIds }, { auth });
  await must(base, 201, 'POST', `/api/events/${eventId}/draw`, { seed: 'soak' }, { auth });
  const draft = await must(base, 201, 'POST', `/api/events/${eventId}/rounds`, {}, { auth });
  const round = await must(base, 200, 'POST', `/api/rounds/${draft.id}/publish`, { version: draft.version }, { auth });
  const games = (round.pairings as { games: { id: string; version: number }[] }[]).flatMap((p) => p.games);
  return { tournamentId, eventId, roundId: round.id as string, games, playerIds };
}
