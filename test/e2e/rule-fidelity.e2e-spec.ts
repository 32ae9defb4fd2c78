import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { pairDraft, playEvent, playRound, publish, withRole } from './results-helpers';

/**
 * Issue 22, rule contradictions, through HTTP on a real PostgreSQL: each test reproduces what the
 * server did against the rulebook and checks what the rules ask instead.
 */
jest.setTimeout(600_000);

describe('rule fidelity (issue 22)', () => {
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('#2 round 4 of a 6-player round-robin after a no-show publishes: the 附录6 table’s colours are a note, not a 409', async () => {
    const play = await playEvent(app, { ...SWISS_EVENT, stages: [{ type: 'round_robin' }] }, 6);
    for (let n = 1; n <= 3; n++) {
      const r = await publish(app, play, await pairDraft(app, play));
      await playRound(app, play, r, (_g, table) => {
        const p = r.pairings.find((x) => x.table === table)!;
        // Round 2: draw number 1 does not come (a forfeit gives nobody a colour).
        if (n === 2 && p.red.drawNumber === 1) return 'black_win_forfeit';
        if (n === 2 && p.black?.drawNumber === 1) return 'red_win_forfeit';
        return 'draw';
      });
    }
    const draft = (await pairDraft(app, play)) as unknown as { id: string; version: number; findings: { severity: string; code: string }[] };
    const colours = draft.findings.filter((f) => f.code === 'colour_difference');
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.every((f) => f.severity === 'warning')).toBe(true);
    const res = await api().post(`/api/rounds/${draft.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.version });
    expect(res.status).toBe(200);
  });

  /** A 6+1 event of 8 players in two affiliations (4 each), drawn; the stages given. */
  async function sixPlusOne() {
    const organizer = await newUser(app, 'organizer');
    const auth = organizer.auth;
    const t = await api().post('/api/tournaments').set('Authorization', auth).send(TOURNAMENT).expect(201);
    const e = await api()
      .post(`/api/tournaments/${t.body.id}/events`)
      .set('Authorization', auth)
      .send({ ...SWISS_EVENT, stages: [{ type: 'championship_6_1' }] })
      .expect(201);
    const affs: string[] = [];
    for (const k of [0, 1])
      affs.push(
        (
          await api()
            .post(`/api/tournaments/${t.body.id}/affiliations`)
            .set('Authorization', auth)
            .send({ nameZh: `单位${k}`, nameEn: `Club ${k}` })
            .expect(201)
        ).body.id,
      );
    const playerIds: string[] = [];
    const affOf = new Map<string, string>();
    for (let i = 0; i < 8; i++) {
      // Ratings interleave the clubs so that neighbours in the seeding are club-mates in pairs.
      const aff = affs[Math.floor(i / 2) % 2];
      const p = await api()
        .post(`/api/tournaments/${t.body.id}/players`)
        .set('Authorization', auth)
        .send({ nameZh: `赛员${i}`, nameEn: `Player ${i}`, gender: 'male', rating: 2500 - i * 10, affiliationId: aff })
        .expect(201);
      playerIds.push(p.body.id);
      affOf.set(p.body.id, aff);
    }
    await api().post(`/api/events/${e.body.id}/entries/bulk`).set('Authorization', auth).send({ playerIds }).expect(201);
    await api().post(`/api/events/${e.body.id}/draw`).set('Authorization', auth).send({ seed: 'six-plus-one' }).expect(201);
    return { eventId: e.body.id as string, auth, affOf };
  }

  it('#4 附录3 #3: a 6+1 event pairs nobody against a club-mate in round 1 without being asked; PATCH sets pairingOptions until round 1', async () => {
    const six = await sixPlusOne();
    const event = (await api().get(`/api/events/${six.eventId}`).expect(200)).body;
    // 400 naming the field for a value the rules do not know.
    const bad = await api()
      .patch(`/api/events/${six.eventId}`)
      .set('Authorization', six.auth)
      .send({ version: event.version, pairingOptions: { sameAffiliation: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('sameAffiliation');
    const patched = await api()
      .patch(`/api/events/${six.eventId}`)
      .set('Authorization', six.auth)
      .send({ version: event.version, pairingOptions: { round1Pairing: 'adjacent' } })
      .expect(200);
    expect(patched.body.pairingOptions).toMatchObject({ round1Pairing: 'adjacent' });

    const draft = (await api().post(`/api/events/${six.eventId}/rounds`).set('Authorization', six.auth).send({}).expect(201)).body as {
      id: string;
      version: number;
      pairings: { red: { id: string }; black: { id: string } | null }[];
    };
    const entries = (await api().get(`/api/events/${six.eventId}/entries`).expect(200)).body as { id: string; playerId: string }[];
    const aff = new Map(entries.map((x) => [x.id, six.affOf.get(x.playerId)]));
    const within = draft.pairings.filter((p) => p.black && aff.get(p.red.id) === aff.get(p.black.id));
    expect(within).toEqual([]);
    await api().post(`/api/rounds/${draft.id}/publish`).set('Authorization', six.auth).send({ version: draft.version }).expect(200);
    // Round 1 is published (registration closed): the options are fixed (409 naming them).
    const now = (await api().get(`/api/events/${six.eventId}`).expect(200)).body;
    const late = await api()
      .patch(`/api/events/${six.eventId}`)
      .set('Authorization', six.auth)
      .send({ version: now.version, pairingOptions: { sameAffiliation: 'allowed' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^pairingOptions/);
  });

  it('#4 an organizer who does not want 附录3 #3 in a 6+1 event says so: sameAffiliation "allowed"', async () => {
    const six = await sixPlusOne();
    const event = (await api().get(`/api/events/${six.eventId}`).expect(200)).body;
    await api()
      .patch(`/api/events/${six.eventId}`)
      .set('Authorization', six.auth)
      .send({ version: event.version, pairingOptions: { sameAffiliation: 'allowed', round1Pairing: 'adjacent' } })
      .expect(200);
    const file = (await api().get(`/api/events/${six.eventId}/tournament-file`).expect(200)).body;
    expect(file.options).toMatchObject({ sameAffiliation: 'allowed', pairingSystem: 'championship-6-1' });
  });

  it('#5 三章7A 以单数为适合: an even panel sits and decides; a 2–2 tie leaves the arbiter’s ruling in force (the appeal dismissed)', async () => {
    const play = await playEvent(app, SWISS_EVENT, 4);
    const r1 = await publish(app, play, await pairDraft(app, play));
    await playRound(app, play, r1, () => 'red_win');
    const arbiter = await withRole(app, play, 'arbiter');
    const members: { auth: string }[] = [];
    for (let k = 0; k < 4; k++) members.push(await withRole(app, play, 'appeals_member'));
    const game = r1.pairings[0].games[0];
    const filed = await api()
      .post(`/api/games/${game.id}/appeals`)
      .set('Authorization', arbiter.auth)
      .send({ text: '请求改判和棋', entryId: r1.pairings[0].black!.id })
      .expect(201);
    const vote = (k: number, body: Record<string, unknown>) =>
      api().post(`/api/appeals/${filed.body.id}/votes`).set('Authorization', members[k].auth).send(body);
    expect((await vote(0, { choice: 'uphold', result: 'draw' })).status).toBe(201);
    expect((await vote(1, { choice: 'uphold', result: 'draw' })).status).toBe(201);
    expect((await vote(2, { choice: 'dismiss' })).body.decided).toBe(false);
    const last = await vote(3, { choice: 'dismiss' }).expect(201);
    expect(last.body.decided).toBe(true);
    expect(last.body.appeal).toMatchObject({ state: 'dismissed', decidedResult: null });
    expect(last.body.appeal.decision).toMatch(/tie of an even panel.*三章7A/);
    const stored = (await api().get(`/api/rounds/${r1.id}`).expect(200)).body as { pairings: { games: { id: string; result: string }[] }[] };
    expect(stored.pairings.flatMap((p) => p.games).find((g) => g.id === game.id)!.result).toBe('red_win');
  });

  it('#7 the 16-unrecorded-moves loss (二章3节6) is for games with a score sheet: the rapid tie-break game has none (附录2 7b 均不须自行记录)', async () => {
    const play = await playEvent(app, { ...SWISS_EVENT, stages: [{ type: 'knockout' }] }, 2);
    const r1 = await publish(app, play, await pairDraft(app, play));
    const slow = r1.pairings[0].games[0];
    await api().put(`/api/games/${slow.id}/result`).set('Authorization', play.organizer.auth).send({ version: slow.version, result: 'draw' }).expect(200);
    const round = (await api().get(`/api/rounds/${r1.id}`).expect(200)).body as { pairings: { games: { id: string; kind: string; red: { id: string } }[] }[] };
    const rapid = round.pairings[0].games.find((g) => g.kind === 'rapid')!;
    expect(rapid).toBeDefined();
    const sanction = (gameId: string, playerId: string) =>
      api().post(`/api/games/${gameId}/sanctions`).set('Authorization', play.organizer.auth).send({ playerId, kind: 'unrecorded_moves', count: 16 });
    const refused = await sanction(rapid.id, rapid.red.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^kind: .*附录2 7b/);
    // The slow game keeps a score sheet: there the count still applies.
    const slowGame = round.pairings[0].games.find((g) => g.kind === 'regular')!;
    expect((await sanction(slowGame.id, slowGame.red.id)).status).toBe(201);
  });

  it('#9 二章6节1 快棋每方用时，可由赛会自行决定: a knockout stage plays the organizer’s rapid clock (PATCH pairingOptions.knockoutRapid)', async () => {
    const play = await playEvent(app, { ...SWISS_EVENT, stages: [{ type: 'knockout' }] }, 2);
    const event = (await api().get(`/api/events/${play.eventId}`).expect(200)).body;
    await api()
      .patch(`/api/events/${play.eventId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: event.version, pairingOptions: { knockoutRapid: { baseMinutes: 15, incrementSeconds: 10 } } })
      .expect(200);
    const r1 = await publish(app, play, await pairDraft(app, play));
    const slow = r1.pairings[0].games[0];
    const drawn = await api()
      .put(`/api/games/${slow.id}/result`)
      .set('Authorization', play.organizer.auth)
      .send({ version: slow.version, result: 'draw' })
      .expect(200);
    expect(drawn.body.match.next).toContain(`15'+10"`);
    expect(drawn.body.match.next).not.toContain(`30'+30"`);
  });
});
