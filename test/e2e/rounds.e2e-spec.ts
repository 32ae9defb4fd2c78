import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT } from './http-helpers';
import { drawnEvent, pairAndPublish, PlayEvent, playRound, prng, RoundViewBody, withRole } from './rounds-helpers';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('rounds API (real HTTP, real PostgreSQL)', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  describe('a 16-player Swiss: pairing, drafts, manual changes, publishing', () => {
    let play: PlayEvent;
    let chief: { auth: string };
    let arbiter: { auth: string };
    let stranger: { auth: string };
    let draft: RoundViewBody;

    beforeAll(async () => {
      play = await drawnEvent(app, SWISS_EVENT, 16);
      chief = await withRole(app, play, 'chief_arbiter');
      arbiter = await withRole(app, play, 'arbiter');
      stranger = await newUser(app, 'stranger');
    });

    it('refuses anonymous (401) and non-pairers (403) on every write route', async () => {
      const eventRoutes = [`/api/events/${play.eventId}/rounds`, `/api/events/${play.eventId}/forbidden-pairs`];
      for (const path of eventRoutes) {
        await api().post(path).send({}).expect(401);
        await api().post(path).set('Authorization', arbiter.auth).send({}).expect(403);
        await api().post(path).set('Authorization', stranger.auth).send({}).expect(403);
      }
      const first = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({}).expect(201);
      const roundId = first.body.id as string;
      const writes: [string, string, object][] = [
        ['patch', `/api/rounds/${roundId}`, { version: 1, scheduledAt: null }],
        ['post', `/api/rounds/${roundId}/swap`, { version: 1, entryA: play.entryIds[0], entryB: play.entryIds[1] }],
        ['post', `/api/rounds/${roundId}/colours`, { version: 1, pairingId: NO_ID }],
        ['post', `/api/rounds/${roundId}/bye`, { version: 1, entryId: play.entryIds[0] }],
        ['post', `/api/rounds/${roundId}/repair`, { version: 1 }],
        ['post', `/api/rounds/${roundId}/publish`, { version: 1 }],
        ['delete', `/api/rounds/${roundId}?version=1`, {}],
      ];
      for (const [method, path, body] of writes) {
        await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).send(body).expect(401);
        await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set('Authorization', arbiter.auth).send(body).expect(403);
      }
      await api().delete(`/api/rounds/${roundId}?version=1`).set('Authorization', chief.auth).expect(204);
      expect(await prisma.round.count({ where: { eventId: play.eventId } })).toBe(0);
    });

    it('answers bad input with 400 naming the field, unknown ids with 404', async () => {
      const bad = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({ scheduledAt: 'tomorrow' }).expect(400);
      expect(bad.body.errors[0].field).toBe('scheduledAt');
      const id = await api().get('/api/events/not-a-uuid/rounds').expect(400);
      expect(id.body.errors[0].field).toBe('eventId');
      // Role routes resolve the tournament first (AccessGuard): an id that is no UUID is no resource.
      await api().post('/api/events/not-a-uuid/rounds').set('Authorization', chief.auth).send({}).expect(404);
      await api().post(`/api/events/${NO_ID}/rounds`).set('Authorization', chief.auth).send({}).expect(404);
      await api().get(`/api/rounds/${NO_ID}`).expect(404);
      await api().get('/api/rounds/nope').expect(400);
      await api().get(`/api/events/${NO_ID}/rounds`).expect(404);
      await api().post(`/api/rounds/${NO_ID}/publish`).set('Authorization', chief.auth).send({ version: 1 }).expect(404);
      const noVersion = await api()
        .post(`/api/events/${play.eventId}/forbidden-pairs`)
        .set('Authorization', chief.auth)
        .send({ entryA: play.entryIds[0], entryB: play.entryIds[1] })
        .expect(400);
      expect(noVersion.body.errors[0].field).toBe('version');
      const fp = await api()
        .post(`/api/events/${play.eventId}/forbidden-pairs`)
        .set('Authorization', chief.auth)
        .send({ version: 1, entryA: play.entryIds[0], entryB: 'x' })
        .expect(400);
      expect(fp.body.errors[0].field).toBe('entryB');
    });

    it('pairs round 1 as a draft: tables 1…8, one game each, checker findings; 409 while the draft exists', async () => {
      const res = await api()
        .post(`/api/events/${play.eventId}/rounds`)
        .set('Authorization', chief.auth)
        .send({ scheduledAt: '2026-12-01T09:00:00+08:00' })
        .expect(201);
      draft = res.body;
      expect(draft).toMatchObject({ number: 1, state: 'draft', stageType: 'swiss', stageRound: 1, version: 1 });
      expect(new Date(res.body.scheduledAt).toISOString()).toBe('2026-12-01T01:00:00.000Z');
      expect(draft.pairings.map((p) => p.table)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const p of draft.pairings) {
        expect(p.games).toHaveLength(1);
        expect(p.games[0]).toMatchObject({ board: 1, kind: 'regular', result: null });
        expect(p.red.drawNumber).toBeGreaterThan(0);
      }
      expect(draft.findings.filter((f) => f.severity === 'error')).toEqual([]);
      const again = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({}).expect(409);
      expect(again.body.message).toMatch(/round 1 is a draft/);
      const audit = await prisma.auditLog.count({ where: { entity: 'pairing', entityId: { in: draft.pairings.map((p) => p.id) } } });
      expect(audit).toBe(8);
    });

    it('hides the draft from the public and from non-staff (404), shows it to staff', async () => {
      await api().get(`/api/rounds/${draft.id}`).expect(404);
      await api().get(`/api/rounds/${draft.id}`).set('Authorization', stranger.auth).expect(404);
      expect((await api().get(`/api/events/${play.eventId}/rounds`).expect(200)).body).toEqual([]);
      expect((await api().get(`/api/events/${play.eventId}/rounds`).set('Authorization', stranger.auth).expect(200)).body).toEqual([]);
      const staff = await api().get(`/api/rounds/${draft.id}`).set('Authorization', arbiter.auth).expect(200);
      expect(staff.body.pairings).toHaveLength(8);
      const list = await api().get(`/api/events/${play.eventId}/rounds`).set('Authorization', arbiter.auth).expect(200);
      expect(list.body.map((r: RoundViewBody) => r.id)).toEqual([draft.id]);
    });

    it('exchanges colours, swaps opponents, keeps the reason in the audit; 409 on a stale version', async () => {
      const p = draft.pairings[0];
      const col = await api()
        .post(`/api/rounds/${draft.id}/colours`)
        .set('Authorization', chief.auth)
        .send({ version: draft.version, pairingId: p.id, reason: 'lot redone' })
        .expect(200);
      expect(col.body.version).toBe(draft.version + 1);
      const flipped = col.body.pairings.find((x: RoundViewBody['pairings'][number]) => x.id === p.id);
      expect([flipped.red.id, flipped.black.id]).toEqual([p.black!.id, p.red.id]);
      expect(flipped.games[0].red.id).not.toBe(p.games[0].red!.id);
      const row = await prisma.auditLog.findFirst({ where: { entity: 'pairing', entityId: p.id, action: 'update' } });
      expect(row?.reason).toMatch(/lot redone/);
      await api().post(`/api/rounds/${draft.id}/colours`).set('Authorization', chief.auth).send({ version: draft.version, pairingId: p.id }).expect(409);
      const bye = await api()
        .post(`/api/rounds/${draft.id}/bye`)
        .set('Authorization', chief.auth)
        .send({ version: col.body.version, entryId: p.red.id })
        .expect(409);
      expect(bye.body.message).toMatch(/no bye/);
      // Swap: the red players of tables 1 and 2 exchange places.
      const [a, b] = col.body.pairings as RoundViewBody['pairings'];
      const sw = await api()
        .post(`/api/rounds/${draft.id}/swap`)
        .set('Authorization', chief.auth)
        .send({ version: col.body.version, entryA: a.red.id, entryB: b.red.id, reason: 'same club' })
        .expect(200);
      const [a2, b2] = sw.body.pairings as RoundViewBody['pairings'];
      expect([a2.red.id, a2.black!.id, b2.red.id, b2.black!.id]).toEqual([b.red.id, a.black!.id, a.red.id, b.black!.id]);
      const same = await api()
        .post(`/api/rounds/${draft.id}/swap`)
        .set('Authorization', chief.auth)
        .send({ version: sw.body.version, entryA: a2.red.id, entryB: a2.black!.id })
        .expect(400);
      expect(same.body.errors[0].field).toBe('entryB');
      const outsider = await api()
        .post(`/api/rounds/${draft.id}/swap`)
        .set('Authorization', chief.auth)
        .send({ version: sw.body.version, entryA: NO_ID, entryB: a2.black!.id })
        .expect(400);
      expect(outsider.body.errors[0].field).toBe('entryA');
      draft = sw.body;
    });

    it('a forbidden pair makes the draft unpublishable until it is repaired', async () => {
      const p = draft.pairings[3];
      const event = await api().get(`/api/events/${play.eventId}`).expect(200);
      const res = await api()
        .post(`/api/events/${play.eventId}/forbidden-pairs`)
        .set('Authorization', chief.auth)
        .send({ version: event.body.version, entryA: p.red.id, entryB: p.black!.id, reason: 'brothers' })
        .expect(201);
      expect(res.body.pairingOptions.forbiddenPairs).toEqual([[p.red.id, p.black!.id]]);
      expect(res.body.draft.findings.map((f: { code: string }) => f.code)).toContain('forbidden_pair');
      await api()
        .post(`/api/events/${play.eventId}/forbidden-pairs`)
        .set('Authorization', chief.auth)
        .send({ version: event.body.version, entryA: p.red.id, entryB: p.black!.id })
        .expect(409);
      const refused = await api()
        .post(`/api/rounds/${draft.id}/publish`)
        .set('Authorization', chief.auth)
        .send({ version: res.body.draft.version })
        .expect(409);
      expect(refused.body.message).toMatch(/forbidden_pair/);
      const repaired = await api()
        .post(`/api/rounds/${draft.id}/repair`)
        .set('Authorization', chief.auth)
        .send({ version: res.body.draft.version })
        .expect(200);
      expect(repaired.body.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
      const together = repaired.body.pairings.find((x: RoundViewBody['pairings'][number]) => [x.red.id, x.black?.id].includes(p.red.id));
      expect([together.red.id, together.black.id]).not.toContain(p.black!.id);
      draft = repaired.body;
    });

    it('PATCH sets the scheduled start; publish sets round1PairedAt and freezes the entries', async () => {
      const patched = await api()
        .patch(`/api/rounds/${draft.id}`)
        .set('Authorization', chief.auth)
        .send({ version: draft.version, scheduledAt: '2026-12-01T10:00:00Z' })
        .expect(200);
      expect(patched.body.scheduledAt).toBe('2026-12-01T10:00:00.000Z');
      await api().patch(`/api/rounds/${draft.id}`).set('Authorization', chief.auth).send({ version: draft.version, scheduledAt: null }).expect(409);
      const pub = await api().post(`/api/rounds/${draft.id}/publish`).set('Authorization', chief.auth).send({ version: patched.body.version }).expect(200);
      expect(pub.body.state).toBe('published');
      const event = await prisma.event.findUniqueOrThrow({ where: { id: play.eventId } });
      expect(event.round1PairedAt).not.toBeNull();
      const p = await api()
        .post(`/api/tournaments/${play.tournamentId}/players`)
        .set('Authorization', chief.auth)
        .send({ nameZh: `迟到${Date.now()}`, nameEn: 'Late', gender: 'male' })
        .expect(201);
      await api().post(`/api/events/${play.eventId}/entries`).set('Authorization', chief.auth).send({ playerId: p.body.id }).expect(409);
      await api().post(`/api/events/${play.eventId}/draw`).set('Authorization', chief.auth).send({ seed: 'again' }).expect(409);
      await api().post(`/api/rounds/${draft.id}/publish`).set('Authorization', chief.auth).send({ version: pub.body.version }).expect(409);
      await api().delete(`/api/rounds/${draft.id}?version=${pub.body.version}`).set('Authorization', chief.auth).expect(409);
      await api().delete(`/api/rounds/${draft.id}`).set('Authorization', chief.auth).expect(400);
      await api()
        .post(`/api/rounds/${draft.id}/swap`)
        .set('Authorization', chief.auth)
        .send({ version: pub.body.version, entryA: play.entryIds[0], entryB: play.entryIds[1] })
        .expect(409);
      const pubView = await api().get(`/api/rounds/${draft.id}`).expect(200);
      expect(pubView.body.pairings).toHaveLength(8);
    });

    it('409 while round 1 has games without a result, naming them', async () => {
      const res = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({}).expect(409);
      expect(res.body.message).toMatch(/round 1 table 1 board 1: /);
      expect(res.body.games).toHaveLength(8);
      expect(await prisma.round.count({ where: { eventId: play.eventId } })).toBe(1);
    });

    it('round 2: a swap across score groups needs a reason (needless_float), a rematch is refused', async () => {
      await playRound(app, chief.auth, draft.id, (g) => (g.board === 1 ? 'red_win' : 'draw'));
      const r2 = (await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({}).expect(201)).body as RoundViewBody;
      const r1 = (await api().get(`/api/rounds/${draft.id}`).expect(200)).body as RoundViewBody;
      const met = new Set(r1.pairings.map((p) => [p.red.id, p.black!.id].sort().join()));
      const top = r2.pairings[0];
      // top.red ↔ other.red: a rematch when top.red met other.black or other.red met top.black.
      const rematch = (other: RoundViewBody['pairings'][number]) =>
        met.has([top.red.id, other.black!.id].sort().join()) || met.has([other.red.id, top.black!.id].sort().join());
      const lowest = [...r2.pairings].reverse();
      const refused = lowest.find((p) => p !== top && rematch(p));
      if (refused) {
        const res = await api()
          .post(`/api/rounds/${r2.id}/swap`)
          .set('Authorization', chief.auth)
          .send({ version: r2.version, entryA: top.red.id, entryB: refused.red.id, reason: 'try' })
          .expect(409);
        expect(res.body.message).toMatch(/rematch/);
      }
      const bottom = lowest.find((p) => p !== top && !rematch(p))!;
      const body = { version: r2.version, entryA: top.red.id, entryB: bottom.red.id };
      const res = await api().post(`/api/rounds/${r2.id}/swap`).set('Authorization', chief.auth).send(body).expect(400);
      expect(res.body.errors[0].field).toBe('reason');
      expect(res.body.message).toMatch(/needless_float/);
      const ok = await api()
        .post(`/api/rounds/${r2.id}/swap`)
        .set('Authorization', chief.auth)
        .send({ ...body, reason: 'travel: both leave early' })
        .expect(200);
      const accepted = (ok.body as RoundViewBody).findings.filter((f) => f.code === 'needless_float');
      expect(accepted.length).toBeGreaterThan(0);
      expect(accepted.every((f) => f.severity === 'warning' && (f as { accepted?: string }).accepted === 'travel: both leave early')).toBe(true);
      const audit = await prisma.auditLog.findFirst({ where: { entity: 'pairing', entityId: top.id, action: 'update' }, orderBy: { at: 'desc' } });
      expect(audit?.reason).toMatch(/travel: both leave early \| accepted warnings: .*needless_float/);
      // Back to the system's pairing for the rest of the event.
      const current = (await api().get(`/api/rounds/${r2.id}`).set('Authorization', chief.auth).expect(200)).body;
      await api().delete(`/api/rounds/${r2.id}?version=${current.version}`).set('Authorization', chief.auth).expect(204);
    });

    it('pairs the Swiss to its 7th round, never a rematch, then refuses: the format is finished', async () => {
      const random = prng(16);
      const met = new Set<string>();
      const first = await api().get(`/api/rounds/${draft.id}`).expect(200);
      for (const p of (first.body as RoundViewBody).pairings) met.add([p.red.id, p.black!.id].sort().join());
      for (let n = 2; n <= 7; n++) {
        const round = await pairAndPublish(app, play, chief.auth);
        expect(round.number).toBe(n);
        expect(round.findings.filter((f) => f.severity === 'error')).toEqual([]);
        for (const p of round.pairings) {
          const key = [p.red.id, p.black!.id].sort().join();
          expect(met.has(key)).toBe(false);
          met.add(key);
        }
        await playRound(app, arbiter.auth, round.id, () => (random() < 0.4 ? 'red_win' : random() < 0.5 ? 'draw' : 'black_win'));
      }
      expect((await prisma.round.findMany({ where: { eventId: play.eventId } })).every((r) => r.state === 'completed')).toBe(true);
      const done = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', chief.auth).send({}).expect(409);
      expect(done.body.message).toMatch(/finished/);
      const list = await api().get(`/api/events/${play.eventId}/rounds`).expect(200);
      expect(list.body.map((r: RoundViewBody) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
  });

  describe('odd fields, byes, withdrawals, other formats', () => {
    it('400 without draw numbers', async () => {
      const play = await drawnEvent(app, SWISS_EVENT, 4, { draw: false });
      const res = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(400);
      expect(res.body.errors[0].field).toBe('eventId');
    });

    it('an odd Swiss field: the bye has no table and no game; the bye can be moved', async () => {
      const play = await drawnEvent(app, SWISS_EVENT, 5);
      const res = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
      const bye = (res.body as RoundViewBody).pairings.filter((p) => p.black === null);
      expect(bye).toHaveLength(1);
      expect(bye[0]).toMatchObject({ table: null, games: [] });
      const other = (res.body as RoundViewBody).pairings.find((p) => p.black !== null)!;
      const moved = await api()
        .post(`/api/rounds/${res.body.id}/bye`)
        .set('Authorization', play.organizer.auth)
        .send({ version: res.body.version, entryId: other.black!.id, reason: 'asked to rest' })
        .expect(200);
      const newBye = (moved.body as RoundViewBody).pairings.find((p) => p.black === null)!;
      expect(newBye.red.id).toBe(other.black!.id);
      const game = (moved.body as RoundViewBody).pairings.find((p) => p.id === other.id)!;
      expect(game.black!.id).toBe(bye[0].red.id);
      expect(game.games).toHaveLength(1);
      const again = await api()
        .post(`/api/rounds/${res.body.id}/bye`)
        .set('Authorization', play.organizer.auth)
        .send({ version: moved.body.version, entryId: newBye.red.id })
        .expect(400);
      expect(again.body.errors[0].field).toBe('entryId');
    });

    it('multi-stage formats (二章1节3): a knockout after another stage without qualifiers is a 400 naming the field; with them, round 1 is the Swiss stage (stage chain)', async () => {
      const bad = await drawnEvent(app, { ...SWISS_EVENT, stages: [{ type: 'swiss', rounds: 3 }] }, 2);
      const res = await api()
        .post(`/api/tournaments/${bad.tournamentId}/events`)
        .set('Authorization', bad.organizer.auth)
        .send({ ...SWISS_EVENT, stages: [{ type: 'swiss', rounds: 3 }, { type: 'knockout' }] })
        .expect(400);
      expect(JSON.stringify(res.body)).toContain('stages.1.qualifiers');
      const play = await drawnEvent(
        app,
        {
          ...SWISS_EVENT,
          stages: [
            { type: 'swiss', rounds: 3 },
            { type: 'knockout', qualifiers: 4 },
          ],
        },
        8,
      );
      const round = await pairAndPublish(app, play);
      expect([round.stageType, round.pairings.length]).toEqual(['swiss', 4]);
      expect(await prisma.stage.count({ where: { eventId: play.eventId } })).toBe(1);
    });

    it('a 10-player round-robin from the 附录6 table to its 9th round; a withdrawn player’s games are forfeits', async () => {
      const play = await drawnEvent(app, { ...SWISS_EVENT, stages: [{ type: 'round_robin' }] }, 10);
      const met = new Map<string, number>();
      let withdrawn: string | undefined;
      for (let n = 1; n <= 9; n++) {
        const round = await pairAndPublish(app, play);
        expect(round.stageType).toBe('round_robin');
        expect(round.pairings).toHaveLength(5);
        for (const p of round.pairings) {
          const key = [p.red.id, p.black!.id].sort().join();
          met.set(key, (met.get(key) ?? 0) + 1);
          if (withdrawn && (p.red.id === withdrawn || p.black!.id === withdrawn)) {
            expect(p.games[0].result).toBe(p.red.id === withdrawn ? 'black_win_forfeit' : 'red_win_forfeit');
            const audit = await prisma.auditLog.findFirst({ where: { entity: 'pairing', entityId: p.id } });
            expect(audit?.reason).toMatch(/二章7节3–4/);
          }
        }
        await playRound(app, play.organizer.auth, round.id, () => 'draw');
        if (n === 6) {
          // After half-way (二章7节3–4): the later games are forfeits.
          withdrawn = round.pairings[0].red.id;
          const entry = (await api().get(`/api/events/${play.eventId}/entries`).expect(200)).body.find((e: { id: string }) => e.id === withdrawn);
          await api()
            .post(`/api/entries/${withdrawn}/withdraw`)
            .set('Authorization', play.organizer.auth)
            .send({ version: entry.version, afterRound: 6, reason: 'ill' })
            .expect(200);
        }
      }
      expect(met.size).toBe(45);
      expect([...met.values()].every((v) => v === 1)).toBe(true);
      const done = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(409);
      expect(done.body.message).toMatch(/finished/);
    });

    it('a team Swiss: one game per board from the starters, Red on boards 1 and 3 for the first team (附录6 用法2)', async () => {
      const play = await drawnEvent(app, TEAM_EVENT, 4);
      const res = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201);
      const round = res.body as RoundViewBody;
      expect(round.pairings).toHaveLength(2);
      const teams = await prisma.team.findMany({ where: { eventId: play.eventId }, include: { members: true, entries: true } });
      const starters = (entryId: string) => {
        const team = teams.find((t) => t.entries.some((e) => e.id === entryId))!;
        return team.members
          .filter((m) => m.role === 'starter')
          .sort((a, b) => a.board! - b.board!)
          .map((m) => m.playerId);
      };
      for (const p of round.pairings) {
        expect(p.games.map((g) => g.board)).toEqual([1, 2, 3]);
        const a = starters(p.red.id);
        const b = starters(p.black!.id);
        expect(p.games.map((g) => [g.red!.id, g.black!.id])).toEqual([
          [a[0], b[0]],
          [b[1], a[1]],
          [a[2], b[2]],
        ]);
      }
    });

    it('a 6+1 championship: the final of A1 and A2 in round 7 keyed, the others play Swiss', async () => {
      const play = await drawnEvent(app, { ...SWISS_EVENT, stages: [{ type: 'championship_6_1' }] }, 12);
      const random = prng(61);
      for (let n = 1; n <= 6; n++) {
        const round = await pairAndPublish(app, play);
        await playRound(app, play.organizer.auth, round.id, () => (random() < 0.45 ? 'red_win' : random() < 0.5 ? 'draw' : 'black_win'));
      }
      const last = await pairAndPublish(app, play);
      expect(last.number).toBe(7);
      expect(last.pairings.filter((p) => p.matchKey !== null).map((p) => p.matchKey)).toEqual(['6+1 final']);
      expect(last.pairings).toHaveLength(6);
      await playRound(app, play.organizer.auth, last.id, () => 'black_win');
      const done = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(409);
      expect(done.body.message).toMatch(/finished/);
    });

    it('two concurrent changes of one draft at the same version: one 200, one 409', async () => {
      const play = await drawnEvent(app, SWISS_EVENT, 8);
      const draft = (await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(201))
        .body as RoundViewBody;
      const [x, y] = await Promise.all([
        api()
          .post(`/api/rounds/${draft.id}/colours`)
          .set('Authorization', play.organizer.auth)
          .send({ version: draft.version, pairingId: draft.pairings[0].id }),
        api()
          .post(`/api/rounds/${draft.id}/swap`)
          .set('Authorization', play.organizer.auth)
          .send({ version: draft.version, entryA: draft.pairings[1].red.id, entryB: draft.pairings[2].red.id }),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const loser = x.status === 409 ? x : y;
      expect(loser.body.message).toMatch(/version/);
    });

    it('a 5+2 championship through its knockout rounds: semi-finals, final and third place keyed', async () => {
      const play = await drawnEvent(app, { ...SWISS_EVENT, stages: [{ type: 'championship_5_2' }] }, 16);
      const random = prng(52);
      for (let n = 1; n <= 5; n++) {
        const round = await pairAndPublish(app, play);
        expect(round.pairings.every((p) => p.matchKey === null)).toBe(true);
        await playRound(app, play.organizer.auth, round.id, () => (random() < 0.45 ? 'red_win' : random() < 0.5 ? 'draw' : 'black_win'));
      }
      const semis = await pairAndPublish(app, play);
      expect(semis.number).toBe(6);
      const keyed = semis.pairings.filter((p) => p.matchKey !== null);
      expect(keyed.map((p) => p.matchKey).sort()).toEqual(['5+2 semi-final 1', '5+2 semi-final 2']);
      expect(semis.pairings.filter((p) => p.matchKey === null)).toHaveLength(6);
      // Semi-final 1 drawn: the results module adds the tie-break game (rapid, colours reversed —
      // 附录2 7b) to the same pairing; pairing waits for it.
      const semi1 = keyed.find((p) => p.matchKey === '5+2 semi-final 1')!;
      for (const p of semis.pairings) {
        const g = p.games[0];
        await api()
          .put(`/api/games/${g.id}/result`)
          .set('Authorization', play.organizer.auth)
          .send({ result: p.id === semi1.id ? 'draw' : 'red_win', version: g.version })
          .expect(200);
      }
      const blocked = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(409);
      expect(blocked.body.message).toMatch(/round 6 table \d+ board 2/);
      const withRapid = (await api().get(`/api/rounds/${semis.id}`).expect(200)).body as RoundViewBody;
      const rapid = withRapid.pairings.find((p) => p.id === semi1.id)!.games[1];
      expect(rapid).toMatchObject({ board: 2, kind: 'rapid', result: null });
      expect([rapid.red!.id, rapid.black!.id]).toEqual([semi1.games[0].black!.id, semi1.games[0].red!.id]);
      await api()
        .put(`/api/games/${rapid.id}/result`)
        .set('Authorization', play.organizer.auth)
        .send({ result: 'red_win', version: rapid.version })
        .expect(200);
      const finals = await pairAndPublish(app, play);
      expect(finals.number).toBe(7);
      expect(
        finals.pairings
          .filter((p) => p.matchKey !== null)
          .map((p) => p.matchKey)
          .sort(),
      ).toEqual(['5+2 final', '5+2 third place']);
      const final = finals.pairings.find((p) => p.matchKey === '5+2 final')!;
      // The semi-final 1 winner is the rapid game's Red (the original Black).
      expect([final.red.id, final.black!.id]).toContain(semi1.black!.id);
      await playRound(app, play.organizer.auth, finals.id, () => 'red_win');
      const done = await api().post(`/api/events/${play.eventId}/rounds`).set('Authorization', play.organizer.auth).send({}).expect(409);
      expect(done.body.message).toMatch(/finished/);
    });
  });
});
