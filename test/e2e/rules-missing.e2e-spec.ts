import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT } from './http-helpers';
import { pairAndPublish, playRound, scenario, withRole } from './scenario';

/**
 * Issue 30, "rules found missing": the deputy chief arbiter (三章3A, 三章5), suspension of play
 * (三章4E), time controls per stage with a second period (二章2节2, 附录3 #4), the event's readings
 * fixed before round 1 (三章4C), and the printouts of 三章6B — each with its 401/403.
 */
jest.setTimeout(180_000);

describe('rules found missing (issue 30)', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('the counting settings are readings too (三章4C): a bye counted as a win changes 胜局数; 400 with the field, 403, fixed after round 1', async () => {
    // 5 players: round 1 has a bye.
    const play = await scenario(app, { roles: ['chief_arbiter', 'arbiter'], players: 5 });
    const chief = play.users.chief_arbiter;
    const url = `/api/events/${play.eventId}/readings`;
    const event = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    // Every default is the behaviour before (libs/standings DEFAULT_COUNTING).
    expect((await http().get(url).expect(200)).body).toEqual({
      twoGameSmallPoints: 'sonneborn_berger',
      blackInDirectGameTies: 'two_only',
      appealTieFee: 'forfeited',
      byeInOpponentCriteria: 'zero',
      forfeitInOpponentCriteria: 'opponent',
      withdrawnOpponent: 'actual',
      forfeitWinsAreWins: true,
      byeIsWin: false,
      unplayedBlackGames: false,
      forfeitsInDirectEncounter: true,
      directEncounter: 'complete_only',
      strongOpponent: 'opponent_scores_desc',
      fouls: 'technical',
    });
    // 403 for an arbiter; 400 with the field for a value outside the list (a boolean as a word too).
    await http().put(url).set('Authorization', play.users.arbiter.auth).send({ version: event.version, byeIsWin: true }).expect(403);
    for (const [field, value] of [
      ['byeIsWin', 'yes'],
      ['strongOpponent', 'sideways'],
      ['byeInOpponentCriteria', 'opponent'],
    ] as const) {
      const bad = await http()
        .put(url)
        .set('Authorization', chief.auth)
        .send({ version: event.version, [field]: value })
        .expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field })]);
    }
    const set = await http()
      .put(url)
      .set('Authorization', chief.auth)
      .send({ version: event.version, byeIsWin: true, fouls: 'technical_and_violations' })
      .expect(200);
    expect(set.body.readings).toMatchObject({ byeIsWin: true, fouls: 'technical_and_violations', forfeitWinsAreWins: true, appealTieFee: 'forfeited' });
    // Stored where the tournament file and `chuhe standings` read them.
    const file = (await http().get(`/api/events/${play.eventId}/tournament-file`).expect(200)).body;
    expect(file.standings.counting).toMatchObject({ byeIsWin: true, fouls: 'technical_and_violations' });

    // Round 1 played: the bye counts as a win in 胜局数 (二章6节3 C), which no game gave.
    const round = await pairAndPublish(app, play, chief.auth);
    const byeEntry = round.pairings.find((p) => p.black === null)!.red.id;
    await playRound(app, chief.auth, round.id);
    const standings = (await http().get(`/api/events/${play.eventId}/standings`).expect(200)).body;
    expect(standings.report.counting).toMatchObject({ byeIsWin: true, fouls: 'technical_and_violations' });
    const rowOf = (id: string) => standings.report.rows.find((r: { entry: string }) => r.entry === id);
    expect(rowOf(byeEntry).values.wins).toBe(1);
    const loser = round.pairings.find((p) => p.black !== null)!.black!.id; // Red wins every game
    expect(rowOf(loser).values.wins).toBe(0);

    // Fixed after round 1 (三章4C), with the field named.
    const frozen = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    const late = await http().put(url).set('Authorization', chief.auth).send({ version: frozen.version, byeIsWin: false }).expect(409);
    expect(late.body).toMatchObject({ code: 'settings.round1_paired', field: 'byeIsWin' });
    expect((await http().get(url).expect(200)).body.byeIsWin).toBe(true);
  });

  it('the deputy (三章5) pairs, publishes, suspends and sets readings; the chief appoints deputies only (三章3A); an arbiter does none of it', async () => {
    const play = await scenario(app, { roles: ['chief_arbiter', 'arbiter'], players: 6 });
    const chief = play.users.chief_arbiter;
    // The chief appoints a deputy; the chief cannot appoint an arbiter (the organizer's, 三章3A).
    const deputy = await newUser(app, 'deputy');
    const offered = await http()
      .post(`/api/tournaments/${play.tournamentId}/roles`)
      .set('Authorization', chief.auth)
      .send({ email: deputy.email, role: 'deputy_chief_arbiter' })
      .expect(201);
    if (offered.body.token) await http().post('/api/invitations/accept').set('Authorization', deputy.auth).send({ token: offered.body.token }).expect(201);
    const other = await newUser(app, 'other');
    const refused = await http()
      .post(`/api/tournaments/${play.tournamentId}/roles`)
      .set('Authorization', chief.auth)
      .send({ email: other.email, role: 'arbiter' })
      .expect(403);
    expect(refused.body.code).toBe('auth.lacks_role');
    // The deputy cannot appoint deputies (not delegated).
    await http()
      .post(`/api/tournaments/${play.tournamentId}/roles`)
      .set('Authorization', deputy.auth)
      .send({ email: other.email, role: 'deputy_chief_arbiter' })
      .expect(403);

    // Readings: 401 anonymous, 403 arbiter, 200 deputy (before round 1).
    const event = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    await http().put(`/api/events/${play.eventId}/readings`).send({ version: event.version, appealTieFee: 'refunded' }).expect(401);
    await http()
      .put(`/api/events/${play.eventId}/readings`)
      .set('Authorization', play.users.arbiter.auth)
      .send({ version: event.version, appealTieFee: 'refunded' })
      .expect(403);
    const set = await http()
      .put(`/api/events/${play.eventId}/readings`)
      .set('Authorization', deputy.auth)
      .send({ version: event.version, appealTieFee: 'refunded', blackInDirectGameTies: 'among_tied' })
      .expect(200);
    expect(set.body.readings).toMatchObject({ twoGameSmallPoints: 'sonneborn_berger', blackInDirectGameTies: 'among_tied', appealTieFee: 'refunded' });
    expect((await http().get(`/api/events/${play.eventId}/readings`).expect(200)).body.appealTieFee).toBe('refunded');
    await http()
      .put(`/api/events/${play.eventId}/readings`)
      .set('Authorization', deputy.auth)
      .send({ version: set.body.version, twoGameSmallPoints: 'sideways' })
      .expect(400);

    // The deputy pairs and publishes round 1 (三章4B through 三章5).
    const round = await pairAndPublish(app, play, deputy.auth);
    // After round 1 the readings are fixed (三章4C): a domain error.
    const frozen = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    const late = await http()
      .put(`/api/events/${play.eventId}/readings`)
      .set('Authorization', chief.auth)
      .send({ version: frozen.version, appealTieFee: 'forfeited' })
      .expect(409);
    expect(late.body.code).toBe('settings.round1_paired');
    // The standings still compute with the stored counting readings.
    await http().get(`/api/events/${play.eventId}/standings`).expect(200);

    // Suspension (三章4E): 401, 403 for an arbiter, the deputy suspends; the public pages show it.
    const resumesAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    await http().post(`/api/rounds/${round.id}/suspend`).send({ version: round.version, resumesAt, resumeVenue: 'Hall 2' }).expect(401);
    await http()
      .post(`/api/rounds/${round.id}/suspend`)
      .set('Authorization', play.users.arbiter.auth)
      .send({ version: round.version, resumesAt, resumeVenue: 'Hall 2' })
      .expect(403);
    const past = await http()
      .post(`/api/rounds/${round.id}/suspend`)
      .set('Authorization', deputy.auth)
      .send({ version: round.version, resumesAt: new Date(Date.now() - 60_000).toISOString(), resumeVenue: 'Hall 2' })
      .expect(400);
    expect(past.body).toMatchObject({ code: 'suspension.resume_before_now', field: 'resumesAt' });
    const suspended = await http()
      .post(`/api/rounds/${round.id}/suspend`)
      .set('Authorization', deputy.auth)
      .send({ version: round.version, resumesAt, resumeVenue: '二号厅 Hall 2', reason: 'power cut' })
      .expect(200);
    expect(suspended.body.suspendedAt).not.toBeNull();
    expect(suspended.body.resumeVenue).toBe('二号厅 Hall 2');
    for (const [lang, words] of [
      ['zh', '比赛暂停'],
      ['en', 'Play suspended'],
    ]) {
      const page = await http().get(`/events/${play.eventId}/rounds/1?lang=${lang}`).expect(200);
      expect(page.text).toContain(words);
      expect(page.text).toContain('二号厅 Hall 2');
      const hub = await http().get(`/events/${play.eventId}?lang=${lang}`).expect(200);
      expect(hub.text).toContain('class="suspended"');
    }
    // Results entry stays open while suspended (libs/tournament suspension.ts).
    const game = suspended.body.pairings.find((p: { black: unknown }) => p.black).games[0];
    await http().put(`/api/games/${game.id}/result`).set('Authorization', play.users.arbiter.auth).send({ result: 'draw', version: game.version }).expect(200);
    // Resume: play goes on, the notice goes.
    await http().post(`/api/rounds/${round.id}/resume`).set('Authorization', play.users.arbiter.auth).send({ version: suspended.body.version }).expect(403);
    const resumed = await http().post(`/api/rounds/${round.id}/resume`).set('Authorization', chief.auth).send({ version: suspended.body.version }).expect(200);
    expect(resumed.body.suspendedAt).toBeNull();
    const again = await http().post(`/api/rounds/${round.id}/resume`).set('Authorization', chief.auth).send({ version: resumed.body.version }).expect(409);
    expect(again.body.code).toBe('suspension.not_suspended');
    expect((await http().get(`/events/${play.eventId}/rounds/1?lang=en`).expect(200)).text).not.toContain('Play suspended');
  });

  it('the console suspends through its form; the printouts of 三章6B answer arbiters in the page language, 401/403 otherwise', async () => {
    const play = await scenario(app, { roles: ['arbiter'], players: 6, rounds: 0 });
    const round = await pairAndPublish(app, play);
    const arbiter = play.users.arbiter.auth;
    const captainLike = await withRole(app, play, 'steward');
    const console = await http().get(`/events/${play.eventId}/console?lang=en`).set('Authorization', play.organizer.auth).expect(200);
    expect(console.text).toContain(`action="/rounds/${round.id}/console/suspend"`);
    expect(console.text).toContain(`/rounds/${round.id}/print/record-forms`);
    expect(console.text).toContain(`/events/${play.eventId}/print/name-cards`);
    const posted = await http()
      .post(`/rounds/${round.id}/console/suspend`)
      .set('Authorization', play.organizer.auth)
      .type('form')
      .send({ version: String(round.version), resumesAt: '2099-01-01T10:00', resumeVenue: 'Room 3' });
    expect(posted.status).toBe(303);
    const bad = await http()
      .post(`/rounds/${round.id}/console/suspend`)
      .set('Authorization', play.organizer.auth)
      .type('form')
      .send({ version: String(round.version + 1), resumesAt: '2000-01-01T10:00', resumeVenue: 'Room 3' });
    expect(bad.status).toBe(400);
    // The refusal beside its field, on the page in the page's language (the form re-shown).
    expect(bad.text).toContain('id="resumesAt-error"');

    const pages = [`/events/${play.eventId}/print/name-cards`, `/rounds/${round.id}/print/record-forms`, `/events/${play.eventId}/print/score-table`];
    for (const path of pages) {
      await http().get(path).expect(401);
      await http().get(path).set('Authorization', captainLike.auth).expect(403);
      const zh = await http().get(`${path}?lang=zh`).set('Authorization', arbiter).expect(200);
      const en = await http().get(`${path}?lang=en`).set('Authorization', arbiter).expect(200);
      expect(zh.text).toMatch(/台签|记录纸|成绩表/);
      expect(en.text).toMatch(/Name cards|Record forms|Score table/);
      expect(en.text).toContain('printout-page');
    }
    const forms = await http().get(`/rounds/${round.id}/print/record-forms?lang=zh`).set('Authorization', arbiter).expect(200);
    expect(forms.text.match(/class="record-form"/g)).toHaveLength(3);
    expect(forms.text).toContain('漏记 16 着');
    const cards = await http().get(`/events/${play.eventId}/print/name-cards?lang=en`).set('Authorization', arbiter).expect(200);
    expect(cards.text.match(/class="name-card"/g)).toHaveLength(6);
  });

  it('time control: a second period (二章2节2) and one clock per stage (附录3 #4), validated and shown', async () => {
    const organizer = await newUser(app, 'organizer');
    const t = await http()
      .post('/api/tournaments')
      .set('Authorization', organizer.auth)
      .send({ nameZh: '赛', nameEn: 'Cup', venue: 'Hall', startDate: '2026-12-01', endDate: '2026-12-05', organizer: 'X' })
      .expect(201);
    const stages = [
      { type: 'swiss', rounds: 6 },
      { type: 'knockout', qualifiers: 2 },
    ];
    const bad = await http()
      .post(`/api/tournaments/${t.body.id}/events`)
      .set('Authorization', organizer.auth)
      .send({ ...SWISS_EVENT, stages, timeControl: { baseMinutes: 60, incrementSeconds: 30, secondPeriod: { minutes: 5, moves: 10 } } })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('movesInBase');
    await http()
      .post(`/api/tournaments/${t.body.id}/events`)
      .set('Authorization', organizer.auth)
      .send({ ...SWISS_EVENT, stages, timeControl: { baseMinutes: 60, stages: [{}, { slow: { baseMinutes: 'x' } }] } })
      .expect(400);
    const e = await http()
      .post(`/api/tournaments/${t.body.id}/events`)
      .set('Authorization', organizer.auth)
      .send({
        ...SWISS_EVENT,
        stages,
        timeControl: {
          baseMinutes: 60,
          movesInBase: 25,
          secondPeriod: { minutes: 5, moves: 10, afterMinutes: 120 },
          stages: [{}, { slow: { baseMinutes: 60, incrementSeconds: 30 }, rapid: { baseMinutes: 15, incrementSeconds: 5 } }],
        },
      })
      .expect(201);
    const zh = await http().get(`/events/${e.body.id}?lang=zh`).expect(200);
    expect(zh.text).toContain('用时满 120 分钟后，每 5 分钟须走满 10 着');
    expect(zh.text).toContain('第 2 阶段快棋');
    expect(zh.text).toContain('每方 15 分钟，每步加 5 秒');
    const en = await http().get(`/events/${e.body.id}?lang=en`).expect(200);
    expect(en.text).toContain('stage 2, rapid games');
    expect(en.text).toContain('10 moves in every 5 min');
  });
});
