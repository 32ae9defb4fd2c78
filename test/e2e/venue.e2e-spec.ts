// Issue 32: credentials with personal links, the player's own page, check-in, the start signal.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { SWISS_EVENT, startTestApp } from './http-helpers';
import { drawnEvent, pairAndPublish, withRole, type PlayEvent, type User } from './scenario';

interface Cred {
  credentialId: string;
  kind: string;
  playerId: string | null;
  nameZh: string;
  nameEn: string;
  drawNumber: number | null;
  token: string;
  path: string;
}

describe('at the venue (issue 32)', () => {
  let app: INestApplication;
  let play: PlayEvent;
  let steward: User;
  let arbiter: User;
  let chief: User;
  let creds: Cred[];
  const http = () => request(app.getHttpServer());
  const prisma = () => app.get(PrismaService);

  beforeAll(async () => {
    app = await startTestApp();
    play = await drawnEvent(app, SWISS_EVENT, 6);
    steward = await withRole(app, play, 'steward');
    arbiter = await withRole(app, play, 'arbiter');
    chief = await withRole(app, play, 'chief_arbiter');
  });
  afterAll(async () => {
    await app.close();
  });

  it('issues one credential per holder, with a long random personal link; only registrars may', async () => {
    await http().post(`/api/events/${play.eventId}/credentials`).expect(401);
    await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', steward.auth).expect(403);
    await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', arbiter.auth).expect(403);
    const res = await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', play.organizer.auth).expect(201);
    creds = res.body.credentials;
    const players = creds.filter((c) => c.kind === 'player');
    expect(players).toHaveLength(6);
    expect(creds.filter((c) => c.kind === 'staff').length).toBeGreaterThanOrEqual(4);
    for (const c of creds) {
      expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(c.path).toBe(`/p/${c.token}`);
    }
    expect(new Set(creds.map((c) => c.token)).size).toBe(creds.length);
    // Issuing again changes nobody's link; the database keeps only hashes.
    const again = (await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', play.organizer.auth).expect(201)).body
      .credentials as Cred[];
    expect(again.map((c) => c.token).sort()).toEqual(creds.map((c) => c.token).sort());
    const rows = await prisma().credential.findMany({ where: { tournamentId: play.tournamentId } });
    expect(rows).toHaveLength(creds.length);
    for (const r of rows) expect(creds.some((c) => r.tokenHash === c.token)).toBe(false);
  });

  it('the badge sheet prints every holder with a QR code; registrars only', async () => {
    const anonymous = await http().get(`/events/${play.eventId}/print/credentials`).set('Accept', 'text/html').expect(303);
    expect(anonymous.headers.location).toMatch(/^\/login/);
    await http().get(`/events/${play.eventId}/print/credentials`).set('Authorization', steward.auth).expect(403);
    const sheet = await http().get(`/events/${play.eventId}/print/credentials?lang=en`).set('Authorization', play.organizer.auth).expect(200);
    expect(sheet.headers['cache-control']).toBe('no-store');
    expect((sheet.text.match(/class="badge"/g) ?? []).length).toBe(creds.length);
    expect((sheet.text.match(/<svg role="img"/g) ?? []).length).toBe(creds.length);
    expect(sheet.text).toContain('Steward');
  });

  it('the personal link opens the holder’s page without an account: next game once published, never another’s secrets', async () => {
    const player = creds.find((c) => c.kind === 'player')!;
    const before = await http().get(`${player.path}?lang=en`).expect(200);
    expect(before.text).toContain(player.nameEn);
    expect(before.text).toContain('The next round is not published yet.');
    expect(before.headers['referrer-policy']).toBe('no-referrer');
    // Draft: still nothing (a draft is no one's business).
    const draft = await http().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
    expect((await http().get(`${player.path}?lang=en`).expect(200)).text).toContain('The next round is not published yet.');
    await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200);
    const page = await http().get(`${player.path}?lang=zh`).expect(200);
    expect(page.text).toContain('第1轮');
    expect(page.text).toMatch(/红方|黑方/);
    const json = (await http().get(`/api/credentials/${player.token}`).expect(200)).body;
    expect(json.events[0].next).toMatchObject({ round: 1, state: 'published' });
    expect(JSON.stringify(json)).not.toMatch(/email|tokenHash/);
    // The calendar: the round at the tournament zone's clock time.
    await prisma().round.update({ where: { id: draft.body.id }, data: { scheduledAt: new Date('2026-12-01T01:30:00Z') } });
    const ics = await http().get(`${player.path}/calendar.ics`).expect(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.text).toContain('DTSTART;TZID=Asia/Shanghai:20261201T093000');
    // The manifest and the service worker.
    const manifest = await http().get(`${player.path}/manifest.webmanifest`).expect(200);
    expect(JSON.parse(manifest.text)).toMatchObject({ start_url: player.path, scope: '/p/' });
    expect((await http().get('/p/sw.js').expect(200)).text).toContain('chuhe-my-page-v1');
    // Unknown links: a clear page, and guessing counts.
    const unknown = await http()
      .get(`/p/${'x'.repeat(43)}?lang=en`)
      .expect(404);
    expect(unknown.text).toContain('Not a valid link');
    await http()
      .get(`/api/credentials/${'y'.repeat(43)}`)
      .expect(404);
  });

  it('a reprint revokes the old credential: its link shows a clear refusal page (410)', async () => {
    const player = creds.filter((c) => c.kind === 'player')[5];
    await http().post(`/api/tournaments/${play.tournamentId}/credentials/${player.credentialId}/reprint`).set('Authorization', steward.auth).expect(403);
    const r = await http()
      .post(`/api/tournaments/${play.tournamentId}/credentials/${player.credentialId}/reprint`)
      .set('Authorization', play.organizer.auth)
      .expect(201);
    expect(r.body.token).not.toBe(player.token);
    const old = await http().get(`${player.path}?lang=en`).expect(410);
    expect(old.text).toContain('Credential revoked');
    await http().get(r.body.path).expect(200);
    const api = await http().get(`/api/credentials/${player.token}`).expect(410);
    expect(api.body.code).toBe('credential.revoked');
    creds = creds.map((c) =>
      c.credentialId === player.credentialId ? { ...c, credentialId: r.body.credentialId, token: r.body.token, path: r.body.path } : c,
    );
    // A steward scanning the old one is refused too.
    const scan = await http()
      .post(`/api/tournaments/${play.tournamentId}/check-ins/lookup`)
      .set('Authorization', steward.auth)
      .send({ code: `https://x.test${player.path}` })
      .expect(410);
    expect(scan.body.code).toBe('credential.revoked');
  });

  it('a steward scans, sees who it is, checks in once; twice says when; a steward cannot change results', async () => {
    const [a] = creds.filter((c) => c.kind === 'player');
    const body = { code: `http://venue.example${a.path}` };
    await http().post(`/api/tournaments/${play.tournamentId}/check-ins/lookup`).send(body).expect(401);
    // A steward of another tournament: 403 here; there, this tournament's credential is unknown.
    const other = await drawnEvent(app, SWISS_EVENT, 2, { organizer: play.organizer });
    const outsider = await withRole(app, other, 'steward');
    await http().post(`/api/tournaments/${play.tournamentId}/check-ins/lookup`).set('Authorization', outsider.auth).send(body).expect(403);
    await http().post(`/api/tournaments/${other.tournamentId}/check-ins/lookup`).set('Authorization', outsider.auth).send(body).expect(404);
    await http()
      .post(`/api/tournaments/${other.tournamentId}/check-ins`)
      .set('Authorization', outsider.auth)
      .send({ ...body, eventId: play.eventId })
      .expect(404);
    const who = await http().post(`/api/tournaments/${play.tournamentId}/check-ins/lookup`).set('Authorization', steward.auth).send(body).expect(200);
    expect(who.body).toMatchObject({
      name: { nameZh: a.nameZh, nameEn: a.nameEn },
      events: [{ eventId: play.eventId, drawNumber: a.drawNumber, checkedInAt: null }],
    });
    const first = await http()
      .post(`/api/tournaments/${play.tournamentId}/check-ins`)
      .set('Authorization', steward.auth)
      .send({ ...body, eventId: play.eventId })
      .expect(201);
    expect(first.body.roundNumber).toBe(0);
    const second = await http()
      .post(`/api/tournaments/${play.tournamentId}/check-ins`)
      .set('Authorization', steward.auth)
      .send({ ...body, eventId: play.eventId })
      .expect(409);
    expect(second.body.code).toBe('checkin.already');
    expect(second.body.message).toMatch(/^already checked in at \d\d:\d\d$/);
    // Bad input: no code, a code of nothing, an event of another tournament.
    await http().post(`/api/tournaments/${play.tournamentId}/check-ins`).set('Authorization', steward.auth).send({ eventId: play.eventId }).expect(400);
    await http().post(`/api/tournaments/${play.tournamentId}/check-ins/lookup`).set('Authorization', steward.auth).send({ code: 'hello' }).expect(404);
    // A steward changes nothing else: results, pairing, publishing.
    const round = (await http().get(`/api/events/${play.eventId}/rounds`).set('Authorization', steward.auth)).body;
    const roundId = Array.isArray(round) ? round[0]?.id : undefined;
    const view = (await http().get(`/api/rounds/${roundId}`).expect(200)).body;
    const game = view.pairings[0].games[0];
    await http().put(`/api/games/${game.id}/result`).set('Authorization', steward.auth).send({ result: 'red_win', version: game.version }).expect(403);
    await http().post(`/api/rounds/${roundId}/start`).set('Authorization', steward.auth).expect(403);
    await http().post(`/api/rounds/${roundId}/absences`).set('Authorization', steward.auth).expect(403);
    // The steward's page: scan, look up, check in (with the page's words).
    const page = await http()
      .get(`/tournaments/${play.tournamentId}/check-in?lang=en&code=${encodeURIComponent(creds.filter((c) => c.kind === 'player')[1].path)}`)
      .set('Authorization', steward.auth)
      .expect(200);
    expect(page.text).toContain('Identity check');
    expect(page.text).toContain('/static/js/check-in-scan.js');
  });

  it('the start signal: who is absent by the database clock, one confirmation records the losses by absence, correctable', async () => {
    const view = (await http().get(`/api/events/${play.eventId}/presence`).set('Authorization', chief.auth).expect(200)).body;
    const roundId = view.round.id as string;
    // Check in everyone but one player (present: the steward's earlier check-in counts too).
    const absentCred = creds.filter((c) => c.kind === 'player')[3];
    for (const c of creds.filter((x) => x.kind === 'player' && x !== absentCred)) {
      await http().post(`/api/tournaments/${play.tournamentId}/check-ins`).set('Authorization', steward.auth).send({ code: c.token, eventId: play.eventId });
    }
    // Absences before the start: refused.
    expect((await http().post(`/api/rounds/${roundId}/absences`).set('Authorization', chief.auth).expect(409)).body.code).toBe('start.not_started');
    const started = await http().post(`/api/rounds/${roundId}/start`).set('Authorization', chief.auth).expect(200);
    expect(started.body.round.startedAt).toBeTruthy();
    expect(started.body.absences).toHaveLength(1);
    expect(started.body.absences[0].names[0]).toContain(absentCred.nameZh);
    expect((await http().post(`/api/rounds/${roundId}/start`).set('Authorization', chief.auth).expect(409)).body.code).toBe('start.already');
    // The database decides the time: the row's startedAt is within a few seconds of the database's now().
    const [{ drift }] = await prisma().$queryRaw<
      { drift: number }[]
    >`SELECT abs(extract(epoch FROM (now() AT TIME ZONE 'UTC') - "startedAt"))::float8 AS drift FROM "Round" WHERE id = ${roundId}::uuid`;
    expect(drift).toBeLessThan(30);
    // A late check-in does not count.
    await http()
      .post(`/api/tournaments/${play.tournamentId}/check-ins`)
      .set('Authorization', steward.auth)
      .send({ code: absentCred.token, eventId: play.eventId })
      .expect(201);
    const recorded = await http().post(`/api/rounds/${roundId}/absences`).set('Authorization', chief.auth).expect(200);
    expect(recorded.body.recorded).toHaveLength(1);
    const gameId = recorded.body.recorded[0].gameId as string;
    const game = await prisma().game.findUniqueOrThrow({ where: { id: gameId } });
    const absentPlayer = absentCred.playerId!;
    expect(game.result).toBe(game.redPlayerId === absentPlayer ? 'black_win_forfeit' : 'red_win_forfeit');
    const audit = await prisma().auditLog.findFirst({ where: { entity: 'game', entityId: gameId }, orderBy: { at: 'desc' } });
    expect(audit?.reason).toContain('二章7节1');
    // Once more: nothing new.
    expect((await http().post(`/api/rounds/${roundId}/absences`).set('Authorization', chief.auth).expect(200)).body.recorded).toHaveLength(0);
    // Correctable as any result, with a reason (the arbiter's result entry).
    await http()
      .put(`/api/games/${gameId}/result`)
      .set('Authorization', chief.auth)
      .send({ result: 'draw', version: game.version, reason: 'arrived, the arbiter confirmed the clock' })
      .expect(200);
    // The player's page shows the loss by absence until corrected — now the draw.
    const page = await http().get(`${absentCred.path}?lang=en`).expect(200);
    expect(page.text).toContain('drew');
  });

  it('a tolerance from the regulations delays the absences to the start plus the tolerance', async () => {
    const ev = await drawnEvent(app, { ...SWISS_EVENT, nameZh: '宽限', nameEn: 'Tolerance' }, 4, { organizer: play.organizer });
    await prisma().event.update({ where: { id: ev.eventId }, data: { lateToleranceMinutes: 15 } });
    const round = await pairAndPublish(app, ev);
    await http().post(`/api/rounds/${round.id}/start`).set('Authorization', play.organizer.auth).expect(200);
    const refused = await http().post(`/api/rounds/${round.id}/absences`).set('Authorization', play.organizer.auth).expect(409);
    expect(refused.body.code).toBe('start.tolerance_running');
    // The limit passed (the start moved back 16 minutes): all four absent → two double forfeits.
    await prisma().$executeRaw`UPDATE "Round" SET "startedAt" = "startedAt" - interval '16 minutes' WHERE id = ${round.id}::uuid`;
    const done = await http().post(`/api/rounds/${round.id}/absences`).set('Authorization', play.organizer.auth).expect(200);
    expect(done.body.recorded.map((r: { result: string }) => r.result)).toEqual(['double_forfeit', 'double_forfeit']);
  });
});
