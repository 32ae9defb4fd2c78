import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp, SWISS_EVENT } from '../e2e/http-helpers';
import { nextRound, Play, playEvent, putResult, RoundBody, withRole } from '../e2e/results-helpers';
import { countStatements, StatementCounter } from '../e2e/statement-counter';

/**
 * Issue 35 #3 / issue 29 #4: what one result costs in SQL statements, by each way in — the API's
 * PUT, the result sheet's post as its script makes it (the partial answer: the row, not the sheet)
 * and as a form without script (the post, its redirect and the sheet again). Counted where every
 * statement of the server passes (the pool's GuardedClient.query), printed for the README's
 * persistence notes; the test asserts that each way stores the result and that the partial post
 * costs less than the form's post and page.
 */
describe('statements per result', () => {
  let app: INestApplication;
  let play: Play;
  let round: RoundBody;
  let arbiter: { auth: string; email: string };
  let cookie: string;
  let csrf: string;
  let statements: StatementCounter;

  beforeAll(async () => {
    app = await startTestApp();
    play = await playEvent(app, SWISS_EVENT, 16);
    round = await nextRound(app, play);
    arbiter = await withRole(app, play, 'arbiter');
    const login = await request(app.getHttpServer()).post('/login').type('form').send({ email: arbiter.email, password: 'correct horse battery' }).expect(303);
    cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('chuhe_session='))!
      .split(';')[0];
    const sheet = await request(app.getHttpServer()).get(`/rounds/${round.id}/results?lang=en`).set('Cookie', cookie).expect(200);
    csrf = /name="_csrf" value="([^"]+)"/.exec(sheet.text)![1];
    statements = countStatements();
  }, 300_000);

  afterAll(async () => {
    statements?.restore();
    await app?.close();
  });

  const counted = async (f: () => Promise<unknown>): Promise<number> => (await statements.during(f)).statements;

  const game = (table: number) => round.pairings.find((p) => p.table === table)!.games[0];
  const stored = async (table: number) => {
    const r = await request(app.getHttpServer()).get(`/api/rounds/${round.id}`).set('Authorization', play.organizer.auth).expect(200);
    return (r.body.pairings as { table: number; games: { result: string | null }[] }[]).find((p) => p.table === table)!.games[0].result;
  };

  it('the API, the sheet with its script (partial) and the sheet without script: each stores the result; counts printed', async () => {
    // Warm: the first request of each kind fills the caches (the event model, prepared statements).
    await putResult(app, arbiter.auth, game(1), { result: 'red_win' });
    const post = (body: Record<string, string>, partial: boolean) => {
      let r = request(app.getHttpServer()).post(`/rounds/${round.id}/results?lang=en`).set('Cookie', cookie).type('form');
      if (partial) r = r.set('X-Chuhe-Partial', '1');
      return r.send({ _csrf: csrf, ...body });
    };
    await post({ entry: '2 =' }, true).expect(200);

    const api = await counted(() => putResult(app, arbiter.auth, game(3), { result: 'red_win' }).then((r) => expect(r.status).toBe(200)));
    const partial = await counted(async () => {
      const r = await post({ entry: '4 1' }, true).expect(200);
      expect(r.body).toMatchObject({ gameId: game(4).id, result: 'red_win', reload: null });
    });
    const form = await counted(async () => {
      const r = await post({ entry: '5 0' }, false).expect(303);
      await request(app.getHttpServer()).get(String(r.headers.location)).set('Cookie', cookie).expect(200);
    });
    expect([await stored(3), await stored(4), await stored(5)]).toEqual(['red_win', 'red_win', 'black_win']);
    console.log(
      `statements per result: API PUT ${api}; result sheet post with its script (partial answer) ${partial}; without script (post, redirect, sheet) ${form}`,
    );
    expect(partial).toBeLessThan(form);
  }, 300_000);
});
