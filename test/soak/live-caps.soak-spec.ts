// Issue 23 #2, soaked: many live streams (GET /api/events/:id/live) from many addresses, up to the
// per-address and total caps and past them. This configuration trusts no proxy (CHUHE_TRUST_PROXY
// unset), so X-Forwarded-For would be ignored: each address is a real one, a loopback address of
// its own (127.0.0.x) as live-limits.e2e-spec.ts does. Every admitted stream works (it gets the
// change of a result entered meanwhile); every refused one is 429 (its address is at its cap) or 503
// (the server is full) with Retry-After, exactly as the caps say; /api/health, a page and a static
// file stay fast all along (max latency recorded); a closed stream frees its place.
import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { createApp } from '../../apps/server/src/create-app';
import { testDatabaseUrl } from '../support/database';
import { openStream } from '../e2e/live-helpers';
import { call, latency, must, newAccount, pollHealth, publishedRound, soakSize, summary, tally } from './soak-helpers';

const ADDRESSES = soakSize('SOAK_LIVE_ADDRESSES', 24);
const PER_ADDRESS = soakSize('SOAK_LIVE_PER_ADDRESS', 10);
const TOTAL = soakSize('SOAK_LIVE_TOTAL', 200);
/** Streams each address tries beyond its cap. */
const EXTRA = 2;

type Stream = ReturnType<typeof openStream>;

describe('live streams from many addresses: capped, refused with Retry-After, the rest fast', () => {
  let app: INestApplication;
  let base: string;
  let port: number;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.CHUHE_LIVE_PER_ADDRESS = String(PER_ADDRESS);
    process.env.CHUHE_LIVE_MAX = String(TOTAL);
    process.env.CHUHE_LIVE_MAX_SECONDS = '600';
    delete process.env.CHUHE_TRUST_PROXY;
    app = await createApp(testDatabaseUrl(), {
      logger: false,
      tournamentCreators: 'anyone',
      loginThrottle: { address: { free: 1_000_000, baseSeconds: 1, capSeconds: 60 } },
    });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  }, 300_000);
  afterAll(async () => {
    process.env = saved;
    await app.close();
  });

  it(`${ADDRESSES} addresses × ${PER_ADDRESS + EXTRA} streams against caps of ${PER_ADDRESS} per address and ${TOTAL} in all`, async () => {
    const { auth } = await newAccount(base, 'live');
    const { tournamentId, eventId, games } = await publishedRound(base, auth, 8);
    const t = await must(base, 200, 'GET', `/api/tournaments/${tournamentId}`, undefined, { auth });
    await must(base, 200, 'PATCH', `/api/tournaments/${tournamentId}`, { version: t.version, published: true }, { auth });
    const path = `/api/events/${eventId}/live`;
    const addresses = Array.from({ length: ADDRESSES }, (_, i) => `127.0.0.${i + 2}`);

    let opening = true;
    const health = pollHealth(base, () => !opening, 20);
    // Address after address, one stream at a time (the caps then decide deterministically): the
    // first addresses reach their cap (429), the last find the server full (503).
    const opened: { address: string; stream: Stream; expected: 200 | 429 | 503 }[] = [];
    const model = new Map<string, number>();
    let modelTotal = 0;
    const t0 = performance.now();
    for (const address of addresses)
      for (let k = 0; k < PER_ADDRESS + EXTRA; k++) {
        const mine = model.get(address) ?? 0;
        const expected = mine >= PER_ADDRESS ? 429 : modelTotal >= TOTAL ? 503 : 200;
        if (expected === 200) {
          model.set(address, mine + 1);
          modelTotal += 1;
        }
        const stream = openStream(port, path, {}, address);
        await stream.ready;
        opened.push({ address, stream, expected });
      }
    const openingMs = performance.now() - t0;
    const admitted = opened.filter((o) => o.stream.status === 200);
    const refused = opened.filter((o) => o.stream.status !== 200);
    await Promise.all(refused.map((o) => o.stream.ended));

    // While every place is taken: the rest of the server answers, fast.
    const beside = await Promise.all(
      [`/api/health`, `/events/${eventId}/standings`, '/static/chuhe.css'].map((p) => call(base, 'GET', p, undefined, { headers: { accept: 'text/html' } })),
    );
    // Every admitted stream is live: a result entered now reaches each one.
    await Promise.all(admitted.map((o) => o.stream.next((f) => f.event === 'hello', 15_000)));
    await must(base, 200, 'PUT', `/api/games/${games[0].id}/result`, { result: 'draw', version: games[0].version }, { auth });
    const changed = await Promise.all(
      admitted.map((o) =>
        o.stream
          .next((f) => f.event === 'change', 15_000)
          .then(
            () => true,
            () => false,
          ),
      ),
    );
    opening = false;
    const polled = await health;

    // A closed stream frees its place (for its address, and in the total).
    const freed = admitted[0];
    freed.stream.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = openStream(port, path, {}, freed.address);
    await again.ready;
    const againStatus = again.status;
    for (const o of [...opened, { stream: again }]) o.stream.close();

    const wrong = opened.filter((o) => o.stream.status !== o.expected).map((o) => `${o.address}: ${o.stream.status}, expected ${o.expected}`);
    const h = latency(polled.ms);
    summary('live-caps', {
      addresses: ADDRESSES,
      attempts: opened.length,
      admitted: admitted.length,
      refused: tally(refused, (o) => o.stream.status),
      wrongAnswers: wrong.length,
      openingMs: Math.round(openingMs),
      changeDelivered: `${changed.filter(Boolean).length}/${admitted.length}`,
      healthPolls: h.n,
      healthP50Ms: h.p50,
      healthMaxMs: h.max,
      besideMs: beside.map((b) => Math.round(b.ms)),
      reopenAfterClose: againStatus,
    });
    expect(wrong).toEqual([]);
    expect(admitted.length).toBe(Math.min(TOTAL, ADDRESSES * PER_ADDRESS));
    expect(refused.length).toBe(opened.length - admitted.length);
    if (TOTAL < ADDRESSES * PER_ADDRESS) expect(Object.keys(tally(refused, (o) => o.stream.status)).sort()).toEqual(['429', '503']);
    for (const o of refused) {
      expect([429, 503]).toContain(o.stream.status);
      expect(o.stream.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(o.stream.body).message).toMatch(o.stream.status === 429 ? /per address/ : /holds \d+ live streams/);
    }
    for (const address of addresses) expect(admitted.filter((o) => o.address === address).length).toBeLessThanOrEqual(PER_ADDRESS);
    expect(changed.every(Boolean)).toBe(true);
    expect(beside.map((b) => b.status)).toEqual([200, 200, 200]);
    expect(new Set(polled.statuses)).toEqual(new Set([200]));
    expect(h.n).toBeGreaterThan(10);
    expect(h.max).toBeLessThan(1000);
    expect(againStatus).toBe(200);
  }, 300_000);
});
