import request from 'supertest';
import { LineupsService } from '../../apps/server/src/lineups/lineups.service';
import { lockEventPlayShared, lockMatch } from '../../apps/server/src/play/locks';
import { grantRole, newUser, TEAM_EVENT } from '../e2e/http-helpers';
import { drawnEvent, type PlayEvent } from '../e2e/rounds-helpers';
import { actor, refusedWith, serviceWorld, type ServiceWorld } from './service-harness';

/**
 * LineupsService without HTTP (附录1 #8): the deadline and the starters are libs/tournament's
 * (lineupDeadline, lineupSubmissionPlan, defaultLineup); here, that the service writes what they say.
 */
describe('LineupsService (service tier)', () => {
  let world: ServiceWorld;
  let lineups: LineupsService;

  beforeAll(async () => {
    world = await serviceWorld();
    lineups = world.service(LineupsService);
  });
  afterAll(() => world.close());

  /** A team event of four, its first round published and scheduled three hours ahead (the deadline not passed). */
  async function publishedRound(name: string) {
    const play: PlayEvent = await drawnEvent(world.app, { ...TEAM_EVENT, nameZh: name, nameEn: name }, 4);
    const scheduledAt = new Date(Date.now() + 3 * 3600_000);
    const http = () => request(world.app.getHttpServer());
    const draft = await http()
      .post(`/api/events/${play.eventId}/rounds`)
      .set('Authorization', play.organizer.auth)
      .send({ scheduledAt: scheduledAt.toISOString() })
      .expect(201);
    await http().post(`/api/rounds/${draft.body.id}/publish`).set('Authorization', play.organizer.auth).send({ version: draft.body.version }).expect(200);
    const matches = await world.prisma.pairing.findMany({
      where: { roundId: draft.body.id },
      include: { redEntry: { include: { team: { include: { members: true } } } } },
      orderBy: { table: 'asc' },
    });
    const starters = (m: (typeof matches)[number]) =>
      m
        .redEntry!.team!.members.filter((x) => x.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((x) => x.playerId);
    return { play, roundId: draft.body.id as string, scheduledAt, matches, starters };
  }

  it('附录1 #8: at the deadline every team without a lineup plays its starters in board order, audited; a captain’s on-time lineup stays; a second sweep adds nothing', async () => {
    const { play, roundId, scheduledAt, matches, starters } = await publishedRound('排阵服务');
    const m = matches[0];
    const captain = await newUser(world.app, 'captain');
    await grantRole(world.app, play.organizer.auth, play.tournamentId, captain, 'team_captain', m.redEntry!.teamId!);
    const own = [...starters(m)].reverse();
    await lineups.submit({ user: actor(captain), pairingId: m.id, entryId: m.redEntryId, dto: { players: own }, arrived: new Date() });

    // The run's database is shared: the sweep also fills other suites' rounds due by then; this round's are counted below.
    expect(await lineups.sweep(scheduledAt)).toBeGreaterThanOrEqual(3);

    const written = await world.prisma.lineup.findMany({ where: { pairing: { roundId } }, include: { boards: { orderBy: { board: 'asc' } } } });
    expect(written).toHaveLength(4);
    const captains = written.filter((l) => l.source === 'captain');
    expect(captains.map((l) => l.boards.map((b) => b.playerId))).toEqual([own]);
    const defaults = written.filter((l) => l.source === 'default_starters');
    expect(defaults).toHaveLength(3);
    for (const l of defaults) {
      const entry = await world.prisma.entry.findUniqueOrThrow({ where: { id: l.entryId } });
      const registered = await world.prisma.teamMember.findMany({ where: { teamId: entry.teamId!, role: 'starter' }, orderBy: { board: 'asc' } });
      expect(l.boards.map((b) => b.playerId)).toEqual(registered.map((r) => r.playerId));
    }
    const audited = await world.prisma.auditLog.count({
      where: { entity: 'lineup', entityId: { in: defaults.map((l) => l.id) }, reason: { contains: '附录1 #8' } },
    });
    expect(audited).toBe(3);

    expect(await lineups.sweep(scheduledAt)).toBe(0);
    expect(await world.prisma.lineup.count({ where: { pairing: { roundId } } })).toBe(4);
  });

  it('issue 34 #11: a captain’s lineup does not queue behind another match of the event held by its sweep or captain', async () => {
    const { play, matches, starters } = await publishedRound('排阵并行');
    const [held, free] = matches;
    const captain = await newUser(world.app, 'captain');
    await grantRole(world.app, play.organizer.auth, play.tournamentId, captain, 'team_captain', free.redEntry!.teamId!);
    const own = [...starters(free)].reverse();
    // What a lineup or the deadline sweep of the other match holds. Were a lineup still to take the
    // event's play lock exclusively, this submission would wait for this transaction: a deadlock,
    // ended by the transaction's timeout (an error, the test fails).
    await world.prisma.$transaction(
      async (tx) => {
        await lockEventPlayShared(tx, play.eventId);
        await lockMatch(tx, held.id);
        await lineups.submit({ user: actor(captain), pairingId: free.id, entryId: free.redEntryId, dto: { players: own }, arrived: new Date() });
      },
      { timeout: 120_000, maxWait: 60_000 },
    );
    const stored = await world.prisma.lineup.findUniqueOrThrow({
      where: { pairingId_entryId: { pairingId: free.id, entryId: free.redEntryId } },
      include: { boards: { orderBy: { board: 'asc' } } },
    });
    expect(stored.source).toBe('captain');
    expect(stored.boards.map((b) => b.playerId)).toEqual(own);
  });

  it('after the deadline a captain is refused (lineup.deadline_passed) and an arbiter needs a reason (lineup.reason_needed); nothing is written', async () => {
    const { play, roundId, scheduledAt, matches, starters } = await publishedRound('排阵逾时');
    const m = matches[1];
    const captain = await newUser(world.app, 'captain');
    await grantRole(world.app, play.organizer.auth, play.tournamentId, captain, 'team_captain', m.redEntry!.teamId!);
    const late = new Date(scheduledAt.getTime() + 60_000);
    const dto = { players: starters(m) };

    await refusedWith(
      lineups.submit({ user: actor(captain), pairingId: m.id, entryId: m.redEntryId, dto, arrived: late }),
      'lineup.deadline_passed',
      'deadline',
    );
    await refusedWith(
      lineups.submit({ user: actor(play.organizer), pairingId: m.id, entryId: m.redEntryId, dto, arrived: late }),
      'lineup.reason_needed',
      'reason',
    );
    expect(await world.prisma.lineup.count({ where: { pairing: { roundId } } })).toBe(0);
  });
});
