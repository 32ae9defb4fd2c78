import { DomainError } from '../common/errors';
import type { Tx } from '../prisma/prisma.service';
import type { PrismaService } from '../prisma/prisma.service';

/** A database handle: the server's client or a caller's transaction. */
export type Db = PrismaService | Tx;

/** The calendar date (UTC) as YYYY-MM-DD: a ban's dates are whole days (@db.Date). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The ban running on `on` (default: today) for the person, following a merge to the survivor;
 * null when none. A ban runs from startsOn to endsOn inclusive unless lifted (二章8节3: 1–3 years).
 */
export async function activeBan(db: Db, personId: string, on: Date = new Date()) {
  const day = new Date(`${isoDay(on)}T00:00:00Z`);
  // Bans recorded on a merged person were moved to the survivor; the survivor's id is the one to ask.
  const ids = await personAndMerged(db, personId);
  return db.ban.findFirst({
    where: { personId: { in: ids }, liftedAt: null, startsOn: { lte: day }, endsOn: { gte: day } },
    orderBy: { endsOn: 'desc' },
    include: { person: { select: { nameZh: true, nameEn: true } } },
  });
}

/**
 * Refuses (409 entry.banned) an entry of a person whose ban runs on `on` — the organizer's
 * registration, a delegate's entry request and self-registration all call it (二章8节3).
 * A null person (a player not yet matched to the registry) has no ban to find.
 */
export async function assertNotBanned(db: Db, personId: string | null | undefined, on: Date = new Date(), field = 'personId'): Promise<void> {
  if (!personId) return;
  const ban = await activeBan(db, personId, on);
  if (ban) throw bannedRefusal({ name: ban.person.nameZh, until: isoDay(ban.endsOn) }, field);
}

/** The refusal of an entry of a banned person (409 entry.banned, 二章8节3): the person's name and the ban's last day (YYYY-MM-DD). */
export function bannedRefusal(ban: { name: string; until: string }, field: string): DomainError {
  return new DomainError('entry.banned', { name: ban.name, until: ban.until }, field);
}

/** The person and the survivor chain it was merged into (a merge may be merged again). */
async function personAndMerged(db: Db, personId: string): Promise<string[]> {
  const ids = [personId];
  let id: string | null = personId;
  for (let hops = 0; id && hops < 10; hops++) {
    const p: { mergedIntoId: string | null } | null = await db.person.findUnique({ where: { id }, select: { mergedIntoId: true } });
    id = p?.mergedIntoId ?? null;
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The bulk form for a list of players (bulk entries, a team's members): one statement. Players
 * point at surviving persons (a merge moves them and the bans), so no merge chain is followed.
 */
export async function assertNoneBanned(db: Db, players: readonly { personId: string | null; field: string }[], on: Date = new Date()): Promise<void> {
  const ids = [...new Set(players.map((p) => p.personId).filter((id): id is string => !!id))];
  if (!ids.length) return;
  const day = new Date(`${isoDay(on)}T00:00:00Z`);
  const ban = await db.ban.findFirst({
    where: { personId: { in: ids }, liftedAt: null, startsOn: { lte: day }, endsOn: { gte: day } },
    include: { person: { select: { nameZh: true } } },
    orderBy: [{ endsOn: 'desc' }, { id: 'asc' }],
  });
  if (ban)
    throw new DomainError('entry.banned', { name: ban.person.nameZh, until: isoDay(ban.endsOn) }, players.find((p) => p.personId === ban.personId)!.field);
}
