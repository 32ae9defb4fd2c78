import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { grantRole, newUser, startTestApp, SWISS_EVENT, TEAM_EVENT } from './http-helpers';
import { getRound, pairDraft, Play, playEvent, publish, putResult } from './results-helpers';
import { drawnEvent, PlayEvent } from './rounds-helpers';

/**
 * The staff pages of issue 20 (pages 8–11) over HTTP with the browser's cookie session: every page
 * route sends an anonymous visitor to the login page with a return link (303), answers 403 as a
 * page to every role outside its own, and 200 to its roles; a form posted with the cookie but
 * without the CSRF token is refused; the result sheet's keyboard line, its overwrite question and
 * its refusals; the console asks before a destructive action.
 */
const PASSWORD = 'correct horse battery';

function cookieOf(res: request.Response): string {
  const c = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((x) => x.startsWith('chuhe_session='));
  if (!c) throw new Error('no session cookie');
  return c.split(';')[0];
}

function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF field on the page');
  return m[1];
}

describe('staff pages (issue 20): cookie session, roles, CSRF, result sheet, console', () => {
  let app: INestApplication;
  let play: Play;
  let team: PlayEvent;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  async function logIn(email: string): Promise<string> {
    return cookieOf(await http().post('/login').type('form').send({ email, password: PASSWORD }).expect(303));
  }

  beforeAll(async () => {
    app = await startTestApp();
    play = await playEvent(app, SWISS_EVENT, 6);
    // A team event (another tournament of the same organizer) for the captain; every staff role is held in both.
    team = await drawnEvent(app, TEAM_EVENT, 4, { organizer: play.organizer });
    const entry = await prisma.entry.findFirstOrThrow({ where: { eventId: team.eventId, drawNumber: 1 } });
    cookies.organizer = await logIn(play.organizer.email);
    for (const role of ['chief_arbiter', 'arbiter', 'appeals_member', 'team_captain']) {
      const user = await newUser(app, role);
      if (role !== 'team_captain') await grantRole(app, play.organizer.auth, play.tournamentId, user, role);
      await grantRole(app, play.organizer.auth, team.tournamentId, user, role, role === 'team_captain' ? entry.teamId! : undefined);
      cookies[role] = await logIn(user.email);
    }
    cookies.stranger = await logIn((await newUser(app, 'stranger')).email);
    const teamRound = await http().post(`/api/events/${team.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
    await http()
      .post(`/api/rounds/${teamRound.body.id}/publish`)
      .set('Authorization', play.organizer.auth)
      .send({ version: teamRound.body.version })
      .expect(200);
    const match = (teamRound.body.pairings as { id: string; red: { id: string }; black: { id: string } | null; games: { id: string }[] }[]).find(
      (p) => p.red.id === entry.id || p.black?.id === entry.id,
    )!;
    ids.pairing = match.id;
    ids.teamGame = match.games[0].id;
    ids.teamTournament = team.tournamentId;
    const round = await publish(app, play, await pairDraft(app, play));
    ids.round = round.id;
    ids.game = round.pairings.find((p) => p.black !== null)!.games[0].id;
    ids.event = play.eventId;
    ids.tournament = play.tournamentId;
  }, 300_000);

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  const ALL = ['organizer', 'chief_arbiter', 'arbiter', 'team_captain', 'appeals_member'];
  const PAGES: { url: () => string; roles: string[] }[] = [
    { url: () => `/events/${ids.event}/console`, roles: ['organizer', 'chief_arbiter'] },
    { url: () => `/tournaments/${ids.tournament}/import-event`, roles: ['organizer', 'chief_arbiter'] },
    { url: () => `/rounds/${ids.round}/results`, roles: ['organizer', 'chief_arbiter', 'arbiter'] },
    { url: () => `/games/${ids.game}/record`, roles: ['organizer', 'chief_arbiter', 'arbiter'] },
    { url: () => `/games/${ids.game}/foul`, roles: ['organizer', 'chief_arbiter', 'arbiter'] },
    { url: () => `/staff/games/${ids.game}/dispute`, roles: ['organizer', 'chief_arbiter', 'arbiter'] },
    { url: () => `/tournaments/${ids.teamTournament}/my-team`, roles: ['team_captain'] },
    { url: () => `/pairings/${ids.pairing}/lineup`, roles: ['organizer', 'chief_arbiter', 'team_captain'] },
    { url: () => `/games/${ids.teamGame}/appeal`, roles: ['organizer', 'chief_arbiter', 'arbiter', 'team_captain'] },
    { url: () => `/tournaments/${ids.tournament}/appeals`, roles: ['organizer', 'chief_arbiter', 'arbiter', 'appeals_member'] },
  ];

  it('an anonymous visitor is sent to the login page with a return link (303), never shown the page', async () => {
    for (const p of PAGES) {
      const res = await http().get(p.url()).set('Accept', 'text/html').expect(303);
      expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(p.url())}`);
    }
  });

  it('every role outside the page’s own gets 403 as a page; its roles get the page', async () => {
    const wrong: string[] = [];
    for (const p of PAGES) {
      for (const who of [...ALL, 'stranger']) {
        const res = await http().get(p.url()).set('Cookie', cookies[who]).set('Accept', 'text/html');
        const expected = p.roles.includes(who) ? 200 : 403;
        if (res.status !== expected) wrong.push(`${p.url()} as ${who}: ${res.status} (expected ${expected})`);
        if (expected === 403 && !/<html/i.test(res.text)) wrong.push(`${p.url()} as ${who}: the 403 is not a page`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the appeal form: a captain is offered their own team only, the arbiter both sides, under "申诉方" (issue 30 #6)', async () => {
    const options = (html: string) =>
      [...html.matchAll(/<select id="appeal-entry"[^>]*>(.*?)<\/select>/gs)].flatMap((m) => [...m[1].matchAll(/<option value="([^"]*)"/g)].map((o) => o[1]));
    const captainPage = await http().get(`/games/${ids.teamGame}/appeal?lang=zh`).set('Cookie', cookies.team_captain).expect(200);
    expect(captainPage.text).toContain('<label for="appeal-entry">申诉方</label>');
    const own = await prisma.entry.findFirstOrThrow({ where: { eventId: team.eventId, drawNumber: 1 } });
    expect(options(captainPage.text)).toEqual([own.id]);
    expect(captainPage.text).toMatch(new RegExp(`<option value="${own.id}" selected>`));
    const arbiterPage = await http().get(`/games/${ids.teamGame}/appeal?lang=en`).set('Cookie', cookies.arbiter).expect(200);
    expect(arbiterPage.text).toContain('<label for="appeal-entry">Appellant</label>');
    expect(options(arbiterPage.text)).toHaveLength(3); // "—" and both teams
  });

  it('a form posted with the session cookie but without its CSRF token is refused (403) and changes nothing', async () => {
    const round = await getRound(app, ids.round, play.organizer.auth);
    const g = round.pairings.find((p) => p.black !== null)!.games[0];
    await http()
      .post(`/rounds/${ids.round}/results`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ entry: `${round.pairings.find((p) => p.games[0].id === g.id)!.table} 1` })
      .expect(403);
    // From another origin with the cookie (what a cross-site form would send): refused the same way.
    await http()
      .post(`/rounds/${ids.round}/results`)
      .set('Cookie', cookies.arbiter)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ entry: '1 1', _csrf: 'forged' })
      .expect(403);
    expect((await getRound(app, ids.round)).pairings.find((p) => p.games[0].id === g.id)!.games[0].result).toBeNull();
  });

  it('the result sheet: "1 1" saves; "1 0" on a stored result asks first and shows the old one; an unknown table or code says why', async () => {
    const page = await http().get(`/rounds/${ids.round}/results?lang=en`).set('Cookie', cookies.arbiter).expect(200);
    const csrf = csrfOf(page.text);
    expect(page.text).toContain('Still open: 3');
    // Every result of the vocabulary is offered on a game's row, penalties included.
    expect(page.text).toContain('value="red_win_penalty"');
    expect(page.text).toContain('value="technical_fouls"');
    const saved = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, entry: '1 1' })
      .expect(303);
    expect(saved.headers.location).toMatch(new RegExp(`^/rounds/${ids.round}/results\\?saved=`));
    const t1 = () => getRound(app, ids.round).then((r) => r.pairings.find((p) => p.table === 1)!.games[0]);
    expect((await t1()).result).toBe('red_win');
    // The overwrite question: nothing is written until it is answered.
    const asked = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, entry: '1 0' })
      .expect(200);
    expect(asked.text).toContain('id="replace"');
    expect(asked.text).toContain('Table 1 already has “Red wins 1–0”. Replace it with “Black wins 0–1”?');
    expect((await t1()).result).toBe('red_win');
    const stored = await t1();
    await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, gameId: stored.id, version: String(stored.version), result: 'black_win', penaltyReason: '', reason: '', replace: 'yes' })
      .expect(303);
    expect((await t1()).result).toBe('black_win');
    // Answering with a stale version: 409 shown with what is stored now, nothing overwritten.
    const stale = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, gameId: stored.id, version: String(stored.version), result: 'draw', replace: 'yes' })
      .expect(409);
    expect(stale.text).toContain('it is now “Black wins 0–1”');
    expect((await t1()).result).toBe('black_win');
    const noTable = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, entry: '99 1' })
      .expect(400);
    expect(noTable.text).toContain('This round has no table 99.');
    const badCode = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, entry: '2 x' })
      .expect(400);
    expect(badCode.text).toContain('“x” is not a result code');
    // A penalty result needs its reason (the API's rule, beside the row).
    const t2 = (await getRound(app, ids.round)).pairings.find((p) => p.table === 2)!.games[0];
    const penalty = await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, gameId: t2.id, version: String(t2.version), result: 'red_win_penalty', penaltyReason: '' })
      .expect(400);
    expect(penalty.text).toContain('penaltyReason');
    await http()
      .post(`/rounds/${ids.round}/results?lang=en`)
      .set('Cookie', cookies.arbiter)
      .type('form')
      .send({ _csrf: csrf, gameId: t2.id, version: String(t2.version), result: 'red_win_penalty', penaltyReason: 'technical_fouls' })
      .expect(303);
    const after = await http().get(`/rounds/${ids.round}/results?lang=en`).set('Cookie', cookies.arbiter).expect(200);
    expect(after.text).toContain('Red wins (penalty) · two technical fouls (一章3节6)');
  });

  it('the console asks before publishing or deleting a draft; without "pair the next round" while games are open', async () => {
    const page = await http().get(`/events/${ids.event}/console?lang=en`).set('Cookie', cookies.chief_arbiter).expect(200);
    const csrf = csrfOf(page.text);
    expect(page.text).not.toContain('id="pair-next"');
    expect(page.text).toMatch(/\d+ games still have no result\./);
    const round = await getRound(app, ids.round);
    for (const p of round.pairings.filter((x) => x.black !== null && x.games[0].result === null))
      await putResult(app, play.organizer.auth, p.games[0], { result: 'draw' }).expect(200);
    const ready = await http().get(`/events/${ids.event}/console?lang=en`).set('Cookie', cookies.chief_arbiter).expect(200);
    expect(ready.text).toContain('id="pair-next"');
    await http()
      .post(`/events/${ids.event}/console/pair?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, scheduledAt: '2026-12-01T09:00' })
      .expect(303);
    const draft = (await http().get(`/api/events/${ids.event}/rounds`).set('Authorization', play.organizer.auth).expect(200)).body.find(
      (r: { state: string }) => r.state === 'draft',
    );
    // The start time was read in the tournament's time zone.
    expect(new Date(draft.scheduledAt).toISOString()).toBeTruthy();
    const asked = await http()
      .post(`/rounds/${draft.id}/console/delete?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, version: String(draft.version) })
      .expect(200);
    expect(asked.text).toContain('Delete the draft of round 2?');
    expect(asked.text).toContain('name="confirm" value="yes"');
    expect((await http().get(`/api/rounds/${draft.id}`).set('Authorization', play.organizer.auth).expect(200)).body.state).toBe('draft');
    await http()
      .post(`/rounds/${draft.id}/console/publish?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, version: String(draft.version), confirm: 'yes' })
      .expect(303);
    expect((await http().get(`/api/rounds/${draft.id}`).expect(200)).body.state).toBe('published');
    // A stale version on a console form: the 409 is shown beside the form, not an error page.
    const stale = await http()
      .post(`/rounds/${draft.id}/console/publish?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, version: String(draft.version), confirm: 'yes' })
      .expect(409);
    expect(stale.text).toContain('id="console"');
  });
  it('a tournament file pasted on the import page becomes a new event (its console next); a file that is not JSON is refused beside the field', async () => {
    const form = await http().get(`/tournaments/${ids.tournament}/import-event?lang=en`).set('Cookie', cookies.chief_arbiter).expect(200);
    const csrf = csrfOf(form.text);
    const bad = await http()
      .post(`/tournaments/${ids.tournament}/import-event?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, file: '{not json' })
      .expect(400);
    expect(bad.text).toContain('not valid JSON');
    expect(bad.text).toContain('{not json');
    const file = (await http().get(`/api/events/${ids.event}/tournament-file`).expect(200)).body;
    const done = await http()
      .post(`/tournaments/${ids.tournament}/import-event?lang=en`)
      .set('Cookie', cookies.chief_arbiter)
      .type('form')
      .send({ _csrf: csrf, file: JSON.stringify(file), nameZh: '导入组', nameEn: 'Imported' })
      .expect(303);
    const m = /^\/events\/([0-9a-f-]{36})\/console$/.exec(done.headers.location);
    expect(m).not.toBeNull();
    const imported = (await http().get(`/api/events/${m![1]}`).expect(200)).body;
    expect(imported.nameEn).toBe('Imported');
    await http().get(done.headers.location).set('Cookie', cookies.chief_arbiter).expect(200);
  });
});
