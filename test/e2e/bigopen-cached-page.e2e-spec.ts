import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { publishTournament } from './live-helpers';
import { nextRound, Play, playEvent, putResult, RoundBody } from './results-helpers';
import { countStatements, StatementCounter } from './statement-counter';

/**
 * Issue 35 #2, a crowd that reloads: a public page served from the rendered-page cache (or as a 304)
 * costs no SQL statement — the data version comes from LiveService, kept until the event's NOTIFY
 * (page-etag.ts) — and a result still reaches the next reload. Statements are counted where every
 * statement of the server passes: the pool's GuardedClient.query (prisma/guarded-client.ts).
 */
describe('a cached public page costs no statement', () => {
  let app: INestApplication;
  let play: Play;
  let round: RoundBody;
  let statements: StatementCounter;

  beforeAll(async () => {
    app = await startTestApp();
    // Listening, so that requests sent at once share the one server (supertest listens per request otherwise).
    await app.listen(0, '127.0.0.1');
    play = await playEvent(app, SWISS_EVENT, 8);
    round = await nextRound(app, play);
    await publishTournament(app, play);
    statements = countStatements();
  }, 300_000);

  afterAll(async () => {
    statements?.restore();
    await app?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => {
    let r = request(app.getHttpServer()).get(path).set('Accept', 'text/html');
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    return r;
  };

  /** Statements the server sent while `f` ran. */
  const counted = <T>(f: () => Promise<T>) => statements.during(f);

  it('0 statements for a cached page hit and for a 304; a result moves the ETag and the next hit is cached again', async () => {
    const standings = `/events/${play.eventId}/standings`;
    const first = await get(standings).expect(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    // The counter sees the pool's statements (the first render of a page reads the event).
    expect(statements.total).toBeGreaterThan(0);

    const hit = await counted(() => get(standings).expect(200));
    expect(hit.value.text).toBe(first.text);
    expect(hit.value.headers.etag).toBe(etag);
    expect(hit.statements).toBe(0); // 0 statements for a cached page hit

    const compressed = await counted(() => get(standings, { 'Accept-Encoding': 'br, gzip' }).expect(200));
    expect(compressed.value.headers['content-encoding']).toBe('br');
    expect(compressed.statements).toBe(0);

    const notModified = await counted(() => get(standings, { 'If-None-Match': etag }).expect(304));
    expect(notModified.statements).toBe(0);

    // A match card is cached the same way once its pairing's event is known.
    const card = `/pairings/${round.pairings[0].id}`;
    await get(card).expect(200);
    const cardHit = await counted(() => get(card).expect(200));
    expect(cardHit.statements).toBe(0);

    // A result: the NOTIFY drops the kept version, the next hit renders the page anew with the result.
    const game = round.pairings[0].games[0];
    expect((await putResult(app, play.organizer.auth, game, { result: 'red_win' })).status).toBe(200);
    let after = await get(standings).expect(200);
    for (let i = 0; i < 50 && after.headers.etag === etag; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await get(standings).expect(200);
    }
    expect(after.headers.etag).not.toBe(etag);
    expect(after.text).not.toBe(first.text);
    await get(standings, { 'If-None-Match': etag }).expect(200);
    const again = await counted(() => get(standings).expect(200));
    expect(again.value.headers.etag).toBe(after.headers.etag);
    expect(again.statements).toBe(0);
  }, 300_000);

  it('a crowd that misses at once after a result costs one render: 20 requests at once send the statements of one', async () => {
    const standings = `/events/${play.eventId}/standings`;
    const pairings = `/events/${play.eventId}/rounds/1`;
    /** Enters a result, then waits (by another page of the event) until the server has heard of it. */
    const result = async (i: number) => {
      const before = String((await get(pairings).expect(200)).headers.etag);
      const game = round.pairings[i].games[0];
      expect((await putResult(app, play.organizer.auth, game, { result: 'draw' })).status).toBe(200);
      for (let k = 0; k < 50 && String((await get(pairings).expect(200)).headers.etag) === before; k++) await new Promise((r) => setTimeout(r, 100));
    };
    await result(1);
    const one = await counted(() => get(standings).expect(200));
    expect(one.statements).toBeGreaterThan(0); // a render reads the event
    await result(2);
    const crowd = await counted(() => Promise.all(Array.from({ length: 20 }, () => get(standings).expect(200))));
    expect(new Set(crowd.value.map((r) => r.headers.etag)).size).toBe(1);
    expect(new Set(crowd.value.map((r) => r.text)).size).toBe(1);
    expect(crowd.statements).toBe(one.statements);
  }, 300_000);
});
