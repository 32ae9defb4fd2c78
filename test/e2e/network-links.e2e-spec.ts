import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { SWISS_EVENT, startTestApp } from './http-helpers';
import { nextRound, playEvent, withRole } from './results-helpers';

/**
 * Issue 34 #5: record links behind a venue's NAT. The hall's players share one address (here every
 * request comes from 127.0.0.1): a guesser among them must not lock the others out, and a busy hall
 * must not run out of calls. Guessing is limited per address, use per link; a valid link always works.
 */
describe('network: record links behind one address (issue 34 #5)', () => {
  let app: INestApplication;
  const links: string[] = [];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
    const play = await playEvent(app, SWISS_EVENT, 16);
    const arbiter = await withRole(app, play, 'arbiter');
    const round = await nextRound(app, play);
    const issued = await http().post(`/api/rounds/${round.id}/record-links`).set('Authorization', arbiter.auth).expect(201);
    for (const g of issued.body.games as { red: { token: string }; black: { token: string } }[]) links.push(g.red.token, g.black.token);
    expect(links).toHaveLength(16);
  });
  afterAll(async () => {
    await app.close();
  });

  it("a guesser's misses end in 429 for its guesses only; every player's valid link from the same address still works", async () => {
    const guesses: number[] = [];
    for (let i = 0; i < 70; i++) guesses.push((await http().get(`/api/record-links/${randomBytes(32).toString('base64url')}`)).status);
    expect(guesses.slice(0, 50).every((s) => s === 404)).toBe(true);
    expect(guesses.slice(50).every((s) => s === 429)).toBe(true);
    const hall = await Promise.all(links.map((t) => http().get(`/api/record-links/${t}`)));
    expect(hall.map((r) => r.status)).toEqual(links.map(() => 200));
  });

  it('a busy hall: 640 calls through 16 links from one address in minutes all answer (a few hundred a link)', async () => {
    const statuses: Record<number, number> = {};
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(links.map((t) => http().get(`/api/record-links/${t}`)));
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 200: 640 });
  }, 300_000);

  it('one link hammered past its own limit answers 429; the next player’s link does not notice', async () => {
    const [hammered, other] = links;
    let first429 = 0;
    for (let i = 1; i <= 280 && !first429; i++) if ((await http().get(`/api/record-links/${hammered}`)).status === 429) first429 = i;
    // 300 a link per 10 minutes; the previous tests spent 41 of them.
    expect(first429).toBe(300 - 41 + 1);
    await http().get(`/api/record-links/${other}`).expect(200);
  }, 300_000);
});
