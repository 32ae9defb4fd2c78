// Issue 33: three events in sequence with shared players → the person registry, profiles,
// head-to-head, ratings equal to a hand computation, a correction recomputing what follows, a ban
// refusing an entry, a namesake (同名) left to the organizer, a merge and its undo.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { translate } from '../../apps/server/src/i18n/i18n';
import { createPrismaClient } from '../support/database';
import { openRegistration } from './entries-helpers';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import type { RoundViewBody, User } from './scenario';

const ROUND_ROBIN = { ...SWISS_EVENT, nameZh: '个人循环赛', nameEn: 'Round robin', stages: [{ type: 'round_robin' }] };
/** Strongest first: in every game the one earlier here wins (a draw where `drawn`). */
const STRENGTH = ['E', 'A', 'B', 'C', 'D'];
const NAMES: Record<string, [string, string]> = {
  A: ['甲棋手', 'Jia'],
  B: ['乙棋手', 'Yi'],
  C: ['丙棋手', 'Bing'],
  D: ['丁棋手', 'Ding'],
  E: ['戊棋手', 'Wu'],
};

describe('persons, ratings, bans, merges (issue 33)', () => {
  let app: INestApplication;
  const prisma = createPrismaClient();
  const http = () => request(app.getHttpServer());
  let admin: User;
  let organizer: User;
  let listId: string;
  const person: Record<string, string> = {};
  const events: { tournamentId: string; eventId: string; players: Record<string, string> }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    admin = await newUser(app, 'admin');
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    organizer = await newUser(app, 'organizer');
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  /** A published tournament of the month with a round robin of these players; `fid` false: entered without federation ID. */
  async function event(month: string, keys: string[], options: { fid?: boolean; drawn?: boolean; choice?: (playerId: string) => Promise<void> } = {}) {
    const t = (
      await http()
        .post('/api/tournaments')
        .set('Authorization', organizer.auth)
        .send({ ...TOURNAMENT, nameZh: `公开赛${month}`, nameEn: `Open ${month}`, startDate: `2026-${month}-01`, endDate: `2026-${month}-02` })
        .expect(201)
    ).body;
    const e = (await http().post(`/api/tournaments/${t.id}/events`).set('Authorization', organizer.auth).send(ROUND_ROBIN).expect(201)).body;
    const players: Record<string, string> = {};
    for (const k of keys) {
      const withFid = options.fid !== false || k !== 'E';
      const body = { nameZh: NAMES[k][0], nameEn: NAMES[k][1], gender: 'male', ...(withFid ? { federationId: `CXA-${k}`, birthYear: 1990 } : {}) };
      const p = (await http().post(`/api/tournaments/${t.id}/players`).set('Authorization', organizer.auth).send(body).expect(201)).body;
      players[k] = p.id;
      if (!withFid) await options.choice?.(p.id);
    }
    if (listId) await http().put(`/api/events/${e.id}/rating-list`).set('Authorization', organizer.auth).send({ ratingListId: listId }).expect(200);
    await http()
      .post(`/api/events/${e.id}/entries/bulk`)
      .set('Authorization', organizer.auth)
      .send({ playerIds: Object.values(players) })
      .expect(201);
    await http().post(`/api/events/${e.id}/draw`).set('Authorization', organizer.auth).send({ seed: month }).expect(201);
    const entries = (await http().get(`/api/events/${e.id}/entries`).expect(200)).body as { id: string; playerId: string }[];
    const keyOfEntry = new Map(entries.map((x) => [x.id, Object.keys(players).find((k) => players[k] === x.playerId)!]));
    for (let r = 0; r < keys.length - 1; r++) {
      const draft = (await http().post(`/api/events/${e.id}/rounds`).set('Authorization', organizer.auth).send({}).expect(201)).body as RoundViewBody;
      const round = (await http().post(`/api/rounds/${draft.id}/publish`).set('Authorization', organizer.auth).send({ version: draft.version }).expect(200))
        .body as RoundViewBody;
      for (const p of round.pairings.filter((x) => x.black)) {
        const red = keyOfEntry.get(p.red.id)!;
        const black = keyOfEntry.get(p.black!.id)!;
        const result = options.drawn ? 'draw' : STRENGTH.indexOf(red) < STRENGTH.indexOf(black) ? 'red_win' : 'black_win';
        const g = p.games[0];
        await http().put(`/api/games/${g.id}/result`).set('Authorization', organizer.auth).send({ result, version: g.version }).expect(200);
      }
    }
    const version = (await http().get(`/api/tournaments/${t.id}`).expect(200)).body.version;
    await http().patch(`/api/tournaments/${t.id}`).set('Authorization', organizer.auth).send({ published: true, version }).expect(200);
    events.push({ tournamentId: t.id, eventId: e.id, players });
    return { tournamentId: t.id, eventId: e.id, players };
  }

  const ratingOf = async (eventId: string) => {
    const report = (await http().get(`/api/events/${eventId}/rating-report`).expect(200)).body as {
      rows: { person: { nameZh: string }; ratingBefore: number | null; rating: number }[];
    };
    return Object.fromEntries(report.rows.map((r) => [Object.keys(NAMES).find((k) => NAMES[k][0] === r.person.nameZh)!, [r.ratingBefore, r.rating]]));
  };

  /** The automatic re-rating's audit row of the event, once it is written (the instance's AutoRerate settles it). */
  async function automaticRerating(eventId: string) {
    for (let i = 0; i < 600; i++) {
      const row = await prisma.auditLog.findFirst({
        where: { entity: 'event_rating', entityId: eventId, reason: { startsWith: 'automatic' } },
        orderBy: { at: 'desc' },
      });
      if (row) return row.after as { automatic: true; gamesVersion: number; ratings: { eventId: string; personId: string }[] };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no automatic re-rating of ${eventId} within 60 s`);
  }

  it('only server administrators keep rating lists; a list import is refused by line and column', async () => {
    await http().post('/api/rating-lists').send({ name: 'x' }).expect(401);
    const refused = await http().post('/api/rating-lists').set('Authorization', organizer.auth).send({ name: 'AXF' }).expect(403);
    expect(refused.body.code).toBe('admin.required');
    const bad = await http()
      .post('/api/rating-lists')
      .set('Authorization', admin.auth)
      .send({ name: 'bad', method: { expected: 'cubic' } })
      .expect(400);
    expect(bad.body.errors[0].field).toBe('method.expected');
    listId = (await http().post('/api/rating-lists').set('Authorization', admin.auth).send({ name: 'AXF 等级分' }).expect(201)).body.id;

    // The registry learns A–D from a first tournament before the list names them by federation ID.
    await event('01', ['A', 'B', 'C', 'D']);
    for (const k of ['A', 'B', 'C', 'D']) person[k] = (await prisma.person.findUniqueOrThrow({ where: { federationId: `CXA-${k}` } })).id;

    const wrong = await http()
      .post(`/api/rating-lists/${listId}/import`)
      .set('Authorization', admin.auth)
      .send({ asOf: '2026-01-15', csv: 'federation_id,rating,games\nCXA-A,1800,50\nCXA-Z,1700,50\nCXA-A,17OO,50\nCXA-C,1600,x\n' })
      .expect(400);
    expect(wrong.body.errors.map((e: { reason: string }) => e.reason)).toEqual([
      'line 3, column federation_id: no person has the id CXA-Z',
      'line 4, column federation_id: the same person as line 2',
      'line 4, column rating: must be a whole number ≥ 0, not "17OO"',
      'line 5, column games: must be a whole number ≥ 0, not "x"',
    ]);
    expect(await prisma.ratingChange.count({ where: { ratingListId: listId } })).toBe(0);
    await http()
      .post(`/api/rating-lists/${listId}/import`)
      .set('Authorization', organizer.auth)
      .send({ asOf: '2026-01-15', csv: 'federation_id,rating\n' })
      .expect(403);
    const ok = await http()
      .post(`/api/rating-lists/${listId}/import`)
      .set('Authorization', admin.auth)
      .send({ asOf: '2026-01-15', csv: 'federation_id,name_zh,rating,games\nCXA-A,甲,1800,50\nCXA-B,乙,1700,50\nCXA-C,丙,1600,50\nCXA-D,丁,1500,50\n' })
      .expect(200);
    expect(ok.body.imported).toBe(4);
  });

  it('rates three events in sequence exactly as the hand computation', async () => {
    // Event 2 (February): A, B, C, D, the stronger always winning. Everyone K 20 (50 games, < 2400).
    const e2 = await event('02', ['A', 'B', 'C', 'D']);
    await http().post(`/api/events/${e2.eventId}/rating`).expect(401);
    const rated = await http().post(`/api/events/${e2.eventId}/rating`).set('Authorization', organizer.auth).expect(200);
    expect(rated.body.events).toBe(1);
    // E(d) = 1 / (1 + 10^(−d/400)):
    //   A 1800: vs B E(100) = 0.640065, vs C E(200) = 0.759747, vs D E(300) = 0.849020; ΣE 2.248832, S 3
    //           → 20 · (3 − 2.248832) = +15.02 → +15 → 1815
    //   B 1700: 0.359935 + 0.640065 + 0.759747 = 1.759747, S 2 → 20 · 0.240253 = +4.81 → +5 → 1705
    //   C 1600: 0.240253 + 0.359935 + 0.640065 = 1.240253, S 1 → 20 · −0.240253 = −4.81 → −5 → 1595
    //   D 1500: 0.150980 + 0.240253 + 0.359935 = 0.751168, S 0 → 20 · −0.751168 = −15.02 → −15 → 1485
    expect(await ratingOf(e2.eventId)).toEqual({ A: [1800, 1815], B: [1700, 1705], C: [1600, 1595], D: [1500, 1485] });

    // Event 3 (March): A, B, D and the newcomer E, who wins every game.
    const e3 = await event('03', ['A', 'B', 'D', 'E']);
    person.E = (await prisma.person.findUniqueOrThrow({ where: { federationId: 'CXA-E' } })).id;
    await http().post(`/api/events/${e3.eventId}/rating`).set('Authorization', organizer.auth).expect(200);
    //   E, unrated, 3 of 3 against rated A 1815, B 1705, D 1485: performance = average 1668.33 + 800
    //     (100 %) = 2468 → kept within the first rating's ceiling 2200; the event changes it no further.
    //   A 1815: vs B E(110) = 0.653217, vs D E(330) = 0.869850, vs E E(−385) = 0.098302; ΣE 1.621369, S 2
    //           → 20 · 0.378631 = +7.57 → +8 → 1823
    //   B 1705: 0.346783 + 0.780130 + E(−495 → −400) 0.090909 = 1.217822, S 1 → −4.36 → −4 → 1701
    //   D 1485: 0.130150 + 0.219870 + 0.090909 = 0.440930, S 0 → −8.82 → −9 → 1476
    expect(await ratingOf(e3.eventId)).toEqual({ A: [1815, 1823], B: [1705, 1701], D: [1485, 1476], E: [null, 2200] });
    const report = (await http().get(`/api/events/${e3.eventId}/rating-report`).expect(200)).body;
    const a = report.rows.find((r: { person: { id: string } }) => r.person.id === person.A);
    expect(a.k).toBe(20);
    expect(a.expected).toBeCloseTo(1.621369, 5);
    expect(a.lines.map((l: { opponentRating: number }) => l.opponentRating).sort()).toEqual([1485, 1705, 2200]);
    expect(report.rows.find((r: { person: { id: string } }) => r.person.id === person.E).performance).toBe(2468);
  });

  it('leaves a namesake (同名) to the organizer, merges and undoes the merge restoring every link', async () => {
    // Event 4 (April): A, B, C and a 戊棋手 entered without federation ID — a choice, never merged silently.
    let pendingShown: { kind: string; candidates: { id: string }[] }[] = [];
    let namesakePlayer = '';
    const e4 = await event('04', ['A', 'B', 'C', 'E'], {
      fid: false,
      drawn: true,
      choice: async (playerId) => {
        namesakePlayer = playerId;
        const player = await prisma.player.findUniqueOrThrow({ where: { id: playerId } });
        expect(player.personId).toBeNull();
        const t = player.tournamentId;
        await http().get(`/api/tournaments/${t}/person-matches`).expect(401);
        await http().get(`/api/tournaments/${t}/person-matches`).set('Authorization', admin.auth).expect(403);
        pendingShown = (await http().get(`/api/tournaments/${t}/person-matches`).set('Authorization', organizer.auth).expect(200)).body;
        // The organizer decides: someone else (a new person) — which turns out to be a mistake.
        await http().post(`/api/players/${playerId}/person`).set('Authorization', organizer.auth).send({ personId: null }).expect(200);
        await http().post(`/api/players/${playerId}/person`).set('Authorization', organizer.auth).send({ personId: null }).expect(409);
      },
    });
    expect(pendingShown).toEqual([expect.objectContaining({ kind: 'choice', candidates: [expect.objectContaining({ id: person.E })] })]);
    const second = (await prisma.player.findUniqueOrThrow({ where: { id: namesakePlayer } })).personId!;
    expect(second).not.toBe(person.E);
    await http().post(`/api/events/${e4.eventId}/rating`).set('Authorization', organizer.auth).expect(200);
    const before = await ratingOf(e4.eventId);
    // The second 戊棋手 is new: 1½ of 3 against A 1823, B 1701, C 1595 → their average 1706 (50 %).
    expect(before.E).toEqual([null, 1706]);

    // The administrator merges the second into the first: event 4 joins E's history and is re-rated.
    await http().post(`/api/persons/${person.E}/merge`).set('Authorization', organizer.auth).send({ mergedId: second }).expect(403);
    const merged = await http().post(`/api/persons/${person.E}/merge`).set('Authorization', admin.auth).send({ mergedId: second }).expect(201);
    expect(merged.body.changed.length).toBeGreaterThan(0);
    expect((await prisma.player.findUniqueOrThrow({ where: { id: namesakePlayer } })).personId).toBe(person.E);
    expect((await ratingOf(e4.eventId)).E[0]).toBe(2200);
    const old = (await http().get(`/api/persons/${second}`).expect(200)).body;
    expect(old.redirectTo).toBe(person.E);
    const profileE = (await http().get(`/api/persons/${person.E}`).expect(200)).body;
    expect(profileE.events.map((e: { eventId: string }) => e.eventId).sort()).toEqual([events[2].eventId, e4.eventId].sort());
    await http().post(`/api/persons/${person.E}/merge`).set('Authorization', admin.auth).send({ mergedId: second }).expect(409);

    // Undone: the player, the ratings and the profiles are as before the merge.
    await http().post(`/api/person-merges/${merged.body.merge.id}/undo`).set('Authorization', organizer.auth).expect(403);
    await http().post(`/api/person-merges/${merged.body.merge.id}/undo`).set('Authorization', admin.auth).expect(200);
    await http().post(`/api/person-merges/${merged.body.merge.id}/undo`).set('Authorization', admin.auth).expect(409);
    expect((await prisma.player.findUniqueOrThrow({ where: { id: namesakePlayer } })).personId).toBe(second);
    expect(await ratingOf(e4.eventId)).toEqual(before);
    expect((await http().get(`/api/persons/${person.E}`).expect(200)).body.events.map((e: { eventId: string }) => e.eventId)).toEqual([events[2].eventId]);
    const audit = await prisma.auditLog.findMany({ where: { entity: 'person_merge', entityId: merged.body.merge.id } });
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'update']);
  });

  it('keeps the typed federation ID on the player, and gives it to the new person the organizer decides on (同名)', async () => {
    const tournament = async () => (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const FID = `CXA-F-${Date.now().toString(36)}`;
    // A 己棋手 without federation ID becomes a person of their own …
    const t1 = await tournament();
    const first = (
      await http()
        .post(`/api/tournaments/${t1}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: '己棋手', nameEn: 'Ji', gender: 'male' })
        .expect(201)
    ).body;
    const namesake = (await prisma.player.findUniqueOrThrow({ where: { id: first.id } })).personId!;
    expect(namesake).toBeTruthy();
    // … then another 己棋手 comes with a federation ID: a choice for the organizer, who says "a new person".
    const t2 = await tournament();
    const second = (
      await http()
        .post(`/api/tournaments/${t2}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: '己棋手', nameEn: 'Ji', gender: 'male', federationId: ` ${FID} ` })
        .expect(201)
    ).body;
    expect(second.personMatch).toEqual(expect.objectContaining({ kind: 'choice' }));
    const stored = await prisma.player.findUniqueOrThrow({ where: { id: second.id } });
    expect({ personId: stored.personId, federationId: stored.federationId }).toEqual({ personId: null, federationId: FID });
    const pending = (await http().get(`/api/tournaments/${t2}/person-matches`).set('Authorization', organizer.auth).expect(200)).body;
    expect(pending).toEqual([expect.objectContaining({ kind: 'choice', candidates: [expect.objectContaining({ id: namesake })] })]);
    const decided = (await http().post(`/api/players/${second.id}/person`).set('Authorization', organizer.auth).send({ personId: null }).expect(200)).body;
    const created = await prisma.person.findUniqueOrThrow({ where: { id: decided.personId as string } });
    expect(created.id).not.toBe(namesake);
    expect(created.federationId).toBe(FID);
    // The registry matches by it from then on: a CSV import with the federation_id column links at once, and keeps the ID.
    const t3 = await tournament();
    const csv = ['name_zh,name_en,gender,federation_id', `己棋手,Ji,male,${FID}`, '庚棋手,Geng,male,'].join('\n');
    const imported = (await http().post(`/api/tournaments/${t3}/import/players`).set('Authorization', organizer.auth).send({ csv }).expect(201)).body;
    expect(imported.personMatches).toEqual([]);
    const rows = await prisma.player.findMany({ where: { tournamentId: t3 }, orderBy: { nameZh: 'asc' } });
    expect(rows.map((r) => [r.nameZh, r.federationId, r.personId === created.id])).toEqual(
      expect.arrayContaining([
        ['己棋手', FID, true],
        ['庚棋手', null, false],
      ]),
    );
    // A federation ID longer than 50 characters is refused by line and column.
    const long = await http()
      .post(`/api/tournaments/${t3}/import/players`)
      .set('Authorization', organizer.auth)
      .send({ csv: `name_zh,name_en,gender,federation_id\n辛棋手,Xin,male,${'x'.repeat(51)}` })
      .expect(400);
    expect(JSON.stringify(long.body)).toContain('federation_id');
  });

  it("shows a person's events, games, head-to-head and rating history", async () => {
    const profile = (await http().get(`/api/persons/${person.A}`).expect(200)).body;
    expect(profile.person.nameZh).toBe('甲棋手');
    // Four events: January (unrated), February, March, April.
    expect(profile.events).toHaveLength(4);
    const feb = profile.events.find((e: { eventId: string }) => e.eventId === events[1].eventId);
    // 3 wins at 2-1-0 scoring.
    expect(feb).toMatchObject({ place: 1, score: 6, games: 3 });
    expect(profile.games).toHaveLength(12);
    const vsB = profile.headToHead.find((h: { personId: string }) => h.personId === person.B);
    // A beat B in January, February and March and drew in April.
    expect(vsB).toMatchObject({ wins: 3, draws: 1, losses: 0 });
    const h2h = (await http().get(`/api/persons/${person.A}/head-to-head/${person.B}`).expect(200)).body;
    expect(h2h.games).toHaveLength(4);
    expect(profile.ratings.map((r: { rating: number }) => r.rating).slice(0, 3)).toEqual([1800, 1815, 1823]);
  });

  it('recomputes what follows a correction to an old event, and says which ratings changed', async () => {
    // February, A v D corrected to a draw.
    const game = await prisma.game.findFirstOrThrow({
      where: {
        pairing: { round: { eventId: events[1].eventId } },
        OR: [
          { redPlayerId: events[1].players.A, blackPlayerId: events[1].players.D },
          { redPlayerId: events[1].players.D, blackPlayerId: events[1].players.A },
        ],
      },
    });
    await http()
      .put(`/api/games/${game.id}/result`)
      .set('Authorization', organizer.auth)
      .send({ result: 'draw', version: game.version, reason: 'score sheet misread' })
      .expect(200);
    // The event is rated: its list is re-rated automatically (ratings/auto-rerate.ts), once; the audit row names what moved.
    const auto = await automaticRerating(events[1].eventId);
    const changedEvents = new Set(auto.ratings.map((c) => c.eventId));
    // February itself, and March and April after it.
    expect(changedEvents).toEqual(new Set([events[1].eventId, events[2].eventId, events[3].eventId]));
    // A: 20 · (2.5 − 2.248832) = +5.02 → 1805; D: 20 · (0.5 − 0.751168) = −5.02 → 1495.
    expect((await ratingOf(events[1].eventId)).A).toEqual([1800, 1805]);
    expect((await ratingOf(events[1].eventId)).D).toEqual([1500, 1495]);
    // Rating it again changes nothing: deterministic.
    expect((await http().post(`/api/events/${events[1].eventId}/rating`).set('Authorization', organizer.auth).expect(200)).body.changed).toEqual([]);
    // The list as of the end of February, published as CSV.
    const csv = await http().get(`/api/rating-lists/${listId}/ratings.csv?asOf=2026-02-28`).expect(200);
    expect(csv.text.split('\r\n').slice(0, 3)).toEqual([
      'person_id,federation_id,name_zh,name_en,rating,games',
      `${person.A},CXA-A,甲棋手,Jia,1805,53`,
      `${person.B},CXA-B,乙棋手,Yi,1705,53`,
    ]);
    await http().get(`/api/rating-lists/${listId}/ratings.csv?asOf=Feb`).expect(400);
  });

  it('awards titles by placing and gives entered players their list ratings (starting ranks and seeds)', async () => {
    const feb = events[1].eventId;
    await http().post(`/api/events/${feb}/title-rules`).send({ topN: 1, titleZh: '象棋大师', titleEn: 'Xiangqi Master' }).expect(401);
    const stranger = await newUser(app, 'stranger');
    await http()
      .post(`/api/events/${feb}/title-rules`)
      .set('Authorization', stranger.auth)
      .send({ topN: 1, titleZh: '象棋大师', titleEn: 'Xiangqi Master' })
      .expect(403);
    await http().post(`/api/events/${feb}/title-rules`).set('Authorization', organizer.auth).send({ topN: 0, titleZh: 'x', titleEn: 'x' }).expect(400);
    await http()
      .post(`/api/events/${feb}/title-rules`)
      .set('Authorization', organizer.auth)
      .send({ topN: 1, titleZh: '象棋大师', titleEn: 'Xiangqi Master' })
      .expect(201);
    const awarded = (await http().post(`/api/events/${feb}/titles`).set('Authorization', organizer.auth).expect(200)).body.awarded;
    // A won February outright (2½ of 3 after the correction: still first).
    expect(awarded.map((a: { personId: string }) => a.personId)).toEqual([person.A]);
    // Awarding again gives nothing twice.
    await http().post(`/api/events/${feb}/titles`).set('Authorization', organizer.auth).expect(200);
    expect((await http().get(`/api/persons/${person.A}`).expect(200)).body.titles.map((t: { titleZh: string }) => t.titleZh)).toEqual(['象棋大师']);

    // A new event in the list: its players take their current ratings (the draw's seeds and starting ranks read them).
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body;
    const e = (await http().post(`/api/tournaments/${t.id}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    await http().post(`/api/events/${e.id}/ratings-to-players`).set('Authorization', organizer.auth).expect(409);
    await http().put(`/api/events/${e.id}/rating-list`).set('Authorization', organizer.auth).send({ ratingListId: listId }).expect(200);
    const ids = [];
    for (const k of ['B', 'C'])
      ids.push(
        (
          await http()
            .post(`/api/tournaments/${t.id}/players`)
            .set('Authorization', organizer.auth)
            .send({ nameZh: NAMES[k][0], nameEn: NAMES[k][1], gender: 'male', federationId: `CXA-${k}`, rating: 1000 })
            .expect(201)
        ).body.id,
      );
    await http().post(`/api/events/${e.id}/entries/bulk`).set('Authorization', organizer.auth).send({ playerIds: ids }).expect(201);
    await http().post(`/api/events/${e.id}/ratings-to-players`).set('Authorization', stranger.auth).expect(403);
    expect((await http().post(`/api/events/${e.id}/ratings-to-players`).set('Authorization', organizer.auth).expect(200)).body.updated).toBe(2);
    const current = Object.fromEntries(
      ((await http().get(`/api/rating-lists/${listId}/ratings`).expect(200)).body as { personId: string; rating: number }[]).map((r) => [r.personId, r.rating]),
    );
    const players = await prisma.player.findMany({ where: { id: { in: ids } } });
    expect(players.map((p) => p.rating).sort()).toEqual([current[person.B], current[person.C]].sort());
  });

  it("links every player name on the public pages to the person's profile, with the titles the person holds", async () => {
    // February's winner A holds 象棋大师 (the test above); every page naming A shows it and links A's profile.
    const feb = events[1].eventId;
    const entries = (await http().get(`/api/events/${feb}/entries`).expect(200)).body as { id: string; playerId: string }[];
    const entryA = entries.find((x) => x.playerId === events[1].players.A)!.id;
    const rounds = (await http().get(`/api/events/${feb}/rounds`).expect(200)).body as RoundViewBody[];
    const gameA = rounds[0].pairings.find((p) => [p.red.id, p.black?.id].includes(entryA))!.games[0].id;
    const titled = (name: string, title: string) => new RegExp(`${name}</span>(</a>)? <span class="title">${title}</span>`);
    const pages = [
      `/events/${feb}`,
      `/events/${feb}/standings`,
      `/events/${feb}/crosstable`,
      `/events/${feb}/players`,
      `/events/${feb}/rounds/1`,
      `/events/${feb}/rounds/1/names`,
      `/events/${feb}/entries/${entryA}`,
      `/games/${gameA}`,
      `/?q=${encodeURIComponent('甲棋')}`,
    ];
    const profiles = new Set<string>();
    for (const path of pages) {
      for (const [lang, name, title] of [
        ['zh', NAMES.A[0], '象棋大师'],
        ['zh-Hant', NAMES.A[0], '象棋大師'],
        ['en', NAMES.A[1], 'Xiangqi Master'],
      ] as const) {
        const html = (
          await http()
            .get(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)
            .expect(200)
        ).text;
        if (path.includes('/entries/')) expect(html).toMatch(new RegExp(`<h1><span class="nm">${name}</span> <span class="title">${title}</span>`));
        else expect({ path, lang, titled: titled(name, title).test(html) }).toEqual({ path, lang, titled: true });
        const links = [...html.matchAll(/href="(\/persons\/[0-9a-f-]{36})\?lang(?:=|&#x3D;)([\w-]+)"/g)];
        expect({ path, lang, linksA: links.some((m) => m[1] === `/persons/${person.A}` && m[2] === lang) }).toEqual({ path, lang, linksA: true });
        for (const m of links) profiles.add(m[1]);
      }
    }
    // The typed title and the held one are shown once when they are the same title.
    await prisma.player.update({ where: { id: events[1].players.A }, data: { title: '象棋大师' } });
    const standings = (await http().get(`/events/${feb}/standings?lang=zh`).expect(200)).text;
    expect(standings.match(/<span class="title">象棋大师<\/span>/g)).toHaveLength(1);
    await prisma.player.update({ where: { id: events[1].players.A }, data: { title: null } });
    // Every profile linked from these pages answers, the other players' too.
    expect(profiles.size).toBeGreaterThanOrEqual(4);
    for (const href of profiles) await http().get(`${href}?lang=zh`).expect(200);
  });

  it('refuses the entry of a banned person until the ban ends (二章8节3)', async () => {
    const t = events[2];
    await http().post(`/api/players/${t.players.D}/bans`).send({}).expect(401);
    const stranger = await newUser(app, 'stranger');
    await http()
      .post(`/api/players/${t.players.D}/bans`)
      .set('Authorization', stranger.auth)
      .send({ startsOn: '2026-01-01', endsOn: '2027-06-30', decision: 'x' })
      .expect(403);
    const short = await http()
      .post(`/api/players/${t.players.D}/bans`)
      .set('Authorization', organizer.auth)
      .send({ startsOn: '2026-01-01', endsOn: '2026-06-30', decision: '停赛半年' })
      .expect(400);
    expect(short.body.code).toBe('ban.length');
    const today = new Date().toISOString().slice(0, 10);
    const ends = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
    await http()
      .post(`/api/players/${t.players.D}/bans`)
      .set('Authorization', organizer.auth)
      .send({ startsOn: today, endsOn: ends, decision: '经理事会判定：蓄意媾和，停赛两年（二章8节3）', eventId: t.eventId })
      .expect(201);

    // A new tournament: 丁棋手 enters with the federation ID, is the same person, and is refused.
    const nt = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body;
    const ne = (await http().post(`/api/tournaments/${nt.id}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    const d = (
      await http()
        .post(`/api/tournaments/${nt.id}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: '丁棋手', nameEn: 'Ding', gender: 'male', federationId: 'CXA-D' })
        .expect(201)
    ).body;
    expect(d.personId).toBe(person.D);
    const refused = await http().post(`/api/events/${ne.id}/entries`).set('Authorization', organizer.auth).send({ playerId: d.id }).expect(409);
    expect(refused.body).toMatchObject({ code: 'entry.banned', field: 'playerId', params: { name: '丁棋手', until: ends } });
    const bulk = await http()
      .post(`/api/events/${ne.id}/entries/bulk`)
      .set('Authorization', organizer.auth)
      .send({ playerIds: [d.id] })
      .expect(409);
    expect(bulk.body.field).toBe('playerIds[0]');
    // Another player enters as usual.
    const c = (
      await http()
        .post(`/api/tournaments/${nt.id}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: '丙棋手', nameEn: 'Bing', gender: 'male', federationId: 'CXA-C' })
        .expect(201)
    ).body;
    await http().post(`/api/events/${ne.id}/entries`).set('Authorization', organizer.auth).send({ playerId: c.id }).expect(201);
    // The bans are public with their decision.
    expect((await http().get(`/api/persons/${person.D}/bans`).expect(200)).body[0].decision).toContain('二章8节3');
  });

  it('takes a federation ID on the entry request page: approved, the entry is the person with that ID; a namesake decision keeps it', async () => {
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    await http().put(`/api/events/${ev.id}/regulations`).set('Authorization', organizer.auth).send({ version: ev.version, selfRegistration: true }).expect(200);
    await openRegistration(app, organizer.auth, t);
    // The field is on the form, in the page's language.
    const player = await newUser(app, 'fid-player');
    for (const lang of ['zh', 'zh-Hant', 'en'] as const) {
      const page = await http().get(`/events/${ev.id}/enter?lang=${lang}`).set('Authorization', player.auth).expect(200);
      expect(page.text).toContain('name="federationId"');
      expect(page.text).toContain(translate('federationIdField', lang));
    }
    expect(translate('federationIdField', 'zh-Hant')).not.toBe(translate('federationIdField', 'zh'));

    /** A request posted from the page's form; the stored request. */
    const enter = async (who: { auth: string }, form: Record<string, string>) => {
      const res = await http().post(`/events/${ev.id}/enter?lang=en`).set('Authorization', who.auth).type('form').send(form);
      expect(res.status).toBe(303);
      const rows = await prisma.entryRequest.findMany({ where: { eventId: ev.id }, orderBy: { createdAt: 'desc' }, take: 1 });
      return rows[0];
    };
    const approve = async (id: string, version: number) => {
      const done = (await http().post(`/api/entry-requests/${id}/approve`).set('Authorization', organizer.auth).send({ version }).expect(200)).body;
      const entry = await prisma.entry.findFirstOrThrow({
        where: { eventId: ev.id, playerId: { not: null } },
        orderBy: { createdAt: 'desc' },
        include: { player: true },
      });
      return { done, player: entry.player! };
    };

    // 丙棋手 with the ID the registry knows: the approved entry's player is that person, and keeps the ID.
    const bing = await enter(player, { nameZh: '丙棋手', nameEn: 'Bing', gender: 'male', federationId: ' CXA-C ' });
    expect((bing.details as { members: { federationId?: string }[] }).members[0].federationId).toBe('CXA-C');
    const mine = await http().get(`/events/${ev.id}/enter?lang=en`).set('Authorization', player.auth).expect(200);
    expect(mine.text).toContain(`${translate('federationIdShort', 'en')} CXA-C`);
    const first = await approve(bing.id, bing.version);
    expect({ personId: first.player.personId, federationId: first.player.federationId }).toEqual({ personId: person.C, federationId: 'CXA-C' });

    // 壬棋手 is already a person without an ID; a request with a new ID is a choice (同名), and "a new person" takes the typed ID.
    const other = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    await http()
      .post(`/api/tournaments/${other}/players`)
      .set('Authorization', organizer.auth)
      .send({ nameZh: '壬棋手', nameEn: 'Ren', gender: 'male' })
      .expect(201);
    const FID = `CXA-R-${Date.now().toString(36)}`;
    const ren = await enter(await newUser(app, 'fid-ren'), { nameZh: '壬棋手', nameEn: 'Ren', gender: 'male', federationId: FID });
    const second = await approve(ren.id, ren.version);
    expect({ personId: second.player.personId, federationId: second.player.federationId }).toEqual({ personId: null, federationId: FID });
    const decided = (await http().post(`/api/players/${second.player.id}/person`).set('Authorization', organizer.auth).send({ personId: null }).expect(200))
      .body;
    expect((await prisma.person.findUniqueOrThrow({ where: { id: decided.personId as string } })).federationId).toBe(FID);
  });
});
