import { insertAuditRows } from '../audit/audit-rows';
import { Logger } from '@nestjs/common';
import { drawNumbers } from '@chuhe/registration';
import { hashPassword } from '../auth/password';
import { PRISMA_MIGRATE_LOCK_KEY } from '../persistence/migrate';
import { defaultSeedPositions } from '@chuhe/registration';
import { defaultTieBreaks } from '../events/tie-breaks';
import { DEFAULT_CHAINS } from '@chuhe/standings';
import type { PrismaClient } from '../generated/prisma/client';
import type { Tx } from '../prisma/prisma.service';
import { DEMO_ORGANIZER } from '../auth/demo-account';
import { matchPlayers } from '../persons/registry';
import { DEMO_AFFILIATIONS, DEMO_TEAMS, demoPeople } from './demo-data';
import { demoEntries } from './demo-entries';

/** The demo's staff (issue 20): each lands on its dashboard; same password as the organizer. */
export const DEMO_STAFF = [
  { email: 'chief@chuhe.demo', displayName: '裁判长 Demo chief arbiter', role: 'chief_arbiter' as const },
  { email: 'arbiter@chuhe.demo', displayName: '裁判 Demo arbiter', role: 'arbiter' as const },
  { email: 'captain@chuhe.demo', displayName: '领队 Demo captain', role: 'team_captain' as const },
];

/**
 * When the demo is loaded (issue 13 #4): on the embedded default database (no DATABASE_URL: a
 * laptop trying Chuhe), or when asked with CHUHE_DEMO=1 or the `demo` command of main.ts. Never
 * silently on a production database behind DATABASE_URL, since its organizer's password is
 * published; CHUHE_DEMO=0 turns it off for the embedded database too.
 */
export function demoWanted(embedded: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CHUHE_DEMO === '1' || env.CHUHE_DEMO === 'true') return true;
  if (env.CHUHE_DEMO === '0' || env.CHUHE_DEMO === 'false') return false;
  return embedded;
}

/**
 * Loads the demo tournament on the first start (an empty database), or, with `force`, whenever
 * no demo tournament exists yet. Idempotent and safe for two instances starting together on one
 * empty database (issue 13 #6): the check and the load run in one transaction holding the
 * migrations' advisory lock (pg_advisory_xact_lock on Prisma Migrate's key), so the second
 * instance waits, then sees the first one's demo and does nothing. Returns the new tournament's id.
 */
export async function loadDemoTournament(prisma: PrismaClient, logger = new Logger('Demo'), options: { force?: boolean } = {}): Promise<string | undefined> {
  const passwordHash = await hashPassword(DEMO_ORGANIZER.password);
  const id = await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK_KEY})`);
      const demoExists = (await tx.tournament.count({ where: { roles: { some: { user: { email: DEMO_ORGANIZER.email } } } } })) > 0;
      if (demoExists || (!options.force && (await tx.tournament.count()) > 0)) return undefined;
      return createDemoIn(tx, passwordHash);
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  if (id) logger.log(`demo tournament loaded; organizer login: ${DEMO_ORGANIZER.email} / ${DEMO_ORGANIZER.password}`);
  return id;
}

/**
 * The demo's individual open, by name: the Swiss → knockout and 5+2 events are individual and open
 * too, and a lookup by kind and category picks whichever row PostgreSQL returns first — once the
 * demo's incidents (a dispute ruling changing a round-3 result) landed on the Swiss → knockout
 * event after its knockout was paired.
 */
export const DEMO_OPEN_EVENT = { nameZh: '个人公开赛', nameEn: 'Individual open' } as const;

export function demoOpenEvent(prisma: Pick<PrismaClient, 'event'>, tournamentId: string) {
  return prisma.event.findFirstOrThrow({ where: { tournamentId, nameZh: DEMO_OPEN_EVENT.nameZh } });
}

/** Creates one more demo tournament. The draws use fixed seeds so every demo looks the same. */
export async function createDemoTournament(prisma: PrismaClient): Promise<string> {
  const passwordHash = await hashPassword(DEMO_ORGANIZER.password);
  return prisma.$transaction((tx) => createDemoIn(tx, passwordHash), { timeout: 60_000 });
}

async function createDemoIn(tx: Tx, passwordHash: string): Promise<string> {
  // Serialized with migrations and with any other demo load (the lock ends with the transaction).
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK_KEY})`);
  const user = await tx.user.upsert({
    where: { email: DEMO_ORGANIZER.email },
    create: { email: DEMO_ORGANIZER.email, displayName: DEMO_ORGANIZER.displayName, passwordHash },
    update: {},
  });
  const t = await tx.tournament.create({
    data: {
      nameZh: '第二十三届亚洲象棋锦标赛（演示）',
      nameEn: '23rd Asian Xiangqi Championships (demo)',
      venue: '新加坡 Singapore',
      startDate: new Date('2026-12-05'),
      endDate: new Date('2026-12-12'),
      organizer: '亚洲象棋联合会 Asian Xiangqi Federation',
      publishedAt: new Date(),
    },
  });
  await tx.tournamentRole.create({ data: { tournamentId: t.id, userId: user.id, role: 'organizer' } });
  const affiliationId = new Map<string, string>();
  for (const a of DEMO_AFFILIATIONS) {
    const row = await tx.affiliation.create({ data: { tournamentId: t.id, ...a } });
    affiliationId.set(a.code, row.id);
  }

  // Team championship (附录1): 7 Swiss rounds, 3 starters + 1 reserve, 附录1 #12 chain.
  const teamEvent = await tx.event.create({
    data: {
      tournamentId: t.id,
      nameZh: '男子团体赛',
      nameEn: "Men's team championship",
      kind: 'team',
      stages: [{ type: 'swiss', rounds: 7 }],
      timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      tieBreaks: DEFAULT_CHAINS['axf-appendix-1'].map((step) => step.criterion),
    },
  });
  let offset = 0;
  const teamEntries: { id: string; seed?: number; affiliation: string }[] = [];
  for (const team of DEMO_TEAMS) {
    const people = demoPeople(4, 'male', offset, 2550 - offset * 3);
    offset += 4;
    const players = [];
    for (const p of people) players.push(await tx.player.create({ data: { tournamentId: t.id, affiliationId: affiliationId.get(team.affiliation), ...p } }));
    const row = await tx.team.create({
      data: {
        eventId: teamEvent.id,
        affiliationId: affiliationId.get(team.affiliation)!,
        nameZh: team.nameZh,
        nameEn: team.nameEn,
        members: {
          create: players.map((p, i) => (i < 3 ? { playerId: p.id, role: 'starter' as const, board: i + 1 } : { playerId: p.id, role: 'reserve' as const })),
        },
      },
    });
    const entry = await tx.entry.create({ data: { eventId: teamEvent.id, teamId: row.id, seed: team.seed } });
    teamEntries.push({ id: entry.id, seed: team.seed, affiliation: team.affiliation });
  }
  await drawAndRecord(tx, teamEvent.id, user.id, teamEntries, 'demo-team-draw');

  // Individual open (附录5 style): 9 Swiss rounds, 40 players.
  const openEvent = await tx.event.create({
    data: {
      tournamentId: t.id,
      ...DEMO_OPEN_EVENT,
      kind: 'individual',
      stages: [{ type: 'swiss', rounds: 9 }],
      timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      tieBreaks: DEFAULT_CHAINS['axf-appendix-5'].map((step) => step.criterion),
    },
  });
  const openEntries: { id: string; affiliation: string }[] = [];
  const codes = DEMO_AFFILIATIONS.map((a) => a.code);
  for (const [i, p] of demoPeople(40, 'male', 100, 2480).entries()) {
    const code = codes[i % codes.length];
    const player = await tx.player.create({ data: { tournamentId: t.id, affiliationId: affiliationId.get(code), ...p } });
    const entry = await tx.entry.create({ data: { eventId: openEvent.id, playerId: player.id } });
    openEntries.push({ id: entry.id, affiliation: code });
  }
  await drawAndRecord(tx, openEvent.id, user.id, openEntries, 'demo-open-draw');

  // Women's round-robin of 10 (附录6 table for 10).
  const womenEvent = await tx.event.create({
    data: {
      tournamentId: t.id,
      nameZh: '女子个人循环赛',
      nameEn: "Women's round-robin",
      kind: 'individual',
      category: 'women',
      stages: [{ type: 'round_robin' }],
      timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      tieBreaks: defaultTieBreaks('individual', [{ type: 'round_robin' }]),
    },
  });
  const womenEntries: { id: string; affiliation: string }[] = [];
  for (const [i, p] of demoPeople(10, 'female', 200, 2350).entries()) {
    const code = codes[i % codes.length];
    const player = await tx.player.create({ data: { tournamentId: t.id, affiliationId: affiliationId.get(code), ...p } });
    const entry = await tx.entry.create({ data: { eventId: womenEvent.id, playerId: player.id } });
    womenEntries.push({ id: entry.id, affiliation: code });
  }
  await drawAndRecord(tx, womenEvent.id, user.id, womenEntries, 'demo-women-draw');

  // The staff: a chief arbiter, an arbiter, and the captain of the first team.
  const captainTeam = await tx.team.findFirstOrThrow({ where: { eventId: teamEvent.id }, orderBy: { nameEn: 'asc' } });
  for (const staff of DEMO_STAFF) {
    const u = await tx.user.upsert({ where: { email: staff.email }, create: { email: staff.email, displayName: staff.displayName, passwordHash }, update: {} });
    await tx.tournamentRole.create({
      data: { tournamentId: t.id, userId: u.id, role: staff.role, teamId: staff.role === 'team_captain' ? captainTeam.id : undefined },
    });
  }

  // Played to the final by demo-play.ts (issue 21): a Swiss → knockout event (二章1节3: 5 Swiss
  // rounds, the top 8 to a knockout of 附录2 7b matches) and a 5+2 championship (附录2).
  const played: {
    nameZh: string;
    nameEn: string;
    stages: { type: string; rounds?: number; qualifiers?: number }[];
    offset: number;
    top: number;
    seed: string;
  }[] = [
    {
      nameZh: '青年个人赛（积分编排 → 淘汰赛）',
      nameEn: 'Youth individual (Swiss → knockout)',
      stages: [
        { type: 'swiss', rounds: 5 },
        { type: 'knockout', qualifiers: 8 },
      ],
      offset: 300,
      top: 2300,
      seed: 'demo-youth-draw',
    },
    {
      nameZh: '个人锦标赛（5+2 赛制）',
      nameEn: 'Individual championship (5+2)',
      stages: [{ type: 'championship_5_2' }],
      offset: 400,
      top: 2520,
      seed: 'demo-five-two-draw',
    },
  ];
  for (const e of played) {
    const event = await tx.event.create({
      data: {
        tournamentId: t.id,
        nameZh: e.nameZh,
        nameEn: e.nameEn,
        kind: 'individual',
        stages: e.stages,
        timeControl: { baseMinutes: 60, incrementSeconds: 30 },
        tieBreaks: defaultTieBreaks('individual', e.stages as Parameters<typeof defaultTieBreaks>[1]),
      },
    });
    const entries: { id: string; affiliation: string }[] = [];
    for (const [i, p] of demoPeople(16, 'male', e.offset, e.top).entries()) {
      const code = codes[(i * 3) % codes.length];
      const player = await tx.player.create({ data: { tournamentId: t.id, affiliationId: affiliationId.get(code), ...p } });
      const entry = await tx.entry.create({ data: { eventId: event.id, playerId: player.id } });
      entries.push({ id: entry.id, affiliation: code });
    }
    await drawAndRecord(tx, event.id, user.id, entries, e.seed);
  }

  // Issue 31: regulations, and an event whose entries came from the units and the players.
  await demoEntries(tx, { tournamentId: t.id, organizerId: user.id, passwordHash, affiliationId });

  // The person registry (issue 33): every demo player is a person, as registration makes them.
  const demoPlayers = await tx.player.findMany({ where: { tournamentId: t.id }, select: { id: true }, orderBy: { createdAt: 'asc' } });
  await matchPlayers(
    tx,
    demoPlayers.map((p) => p.id),
  );
  await tx.$executeRaw(
    insertAuditRows([{ userId: user.id, tournamentId: t.id, entity: 'tournament', entityId: t.id, action: 'create', after: { demo: true } }]),
  );
  return t.id;
}

export async function drawAndRecord(tx: Tx, eventId: string, userId: string, entries: { id: string; seed?: number; affiliation: string }[], seed: string) {
  const seedPositions = defaultSeedPositions(entries.length, entries.filter((e) => e.seed !== undefined).length);
  const result = drawNumbers(entries, { seed, seedPositions });
  if (!result.ok) throw result.error;
  for (const { entryId, drawNumber } of result.value) await tx.entry.update({ where: { id: entryId }, data: { drawNumber } });
  await tx.draw.create({ data: { eventId, seed, pinned: [], assignment: result.value.map((a) => ({ ...a })), createdById: userId } });
}
