import { DomainError, missingResource } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma/prisma.service';
import { recomputeList } from '../ratings/rating-timeline';

/**
 * Merging two persons found to be one (issue 33 #1), and undoing it: the merged person's players,
 * imported ratings, titles, bans and entry requests move to the survivor, and the PersonMerge row
 * names exactly what moved so the undo moves exactly that back — a mistaken merge split again
 * loses nothing. The merged person stays (mergedIntoId) so old profile links redirect. Every
 * rating list either person is in is recomputed, since the two histories become one (or two again).
 */
interface Moved {
  ratingChanges: string[];
  titles: string[];
  bans: string[];
  entryRequests: string[];
}

async function lockPersons(tx: Tx, ids: string[]) {
  await tx.$executeRaw`SELECT 1 FROM "Person" WHERE id = ANY(${[...ids].sort()}::uuid[]) ORDER BY id FOR UPDATE`;
  return tx.person.findMany({ where: { id: { in: ids } } });
}

async function listsOf(tx: Tx, personIds: string[]): Promise<string[]> {
  const rows = await tx.ratingChange.findMany({ where: { personId: { in: personIds } }, distinct: ['ratingListId'], select: { ratingListId: true } });
  const viaEvents = await tx.event.findMany({
    where: {
      ratingListId: { not: null },
      OR: [
        { entries: { some: { player: { personId: { in: personIds } } } } },
        { teams: { some: { members: { some: { player: { personId: { in: personIds } } } } } } },
      ],
    },
    distinct: ['ratingListId'],
    select: { ratingListId: true },
  });
  return [...new Set([...rows.map((r) => r.ratingListId), ...viaEvents.map((e) => e.ratingListId!)])].sort();
}

export async function mergePersons(tx: Tx, survivorId: string, mergedId: string, userId: string) {
  if (survivorId === mergedId) throw new DomainError('person.merge_conflict', { reason: 'the same person' }, 'mergedId');
  const persons = await lockPersons(tx, [survivorId, mergedId]);
  const survivor = persons.find((p) => p.id === survivorId);
  const merged = persons.find((p) => p.id === mergedId);
  if (!survivor) throw missingResource('personId', 'person');
  if (!merged) throw missingResource('mergedId', 'person');
  if (survivor.mergedIntoId) throw new DomainError('person.merged', { name: survivor.nameZh }, 'personId');
  if (merged.mergedIntoId) throw new DomainError('person.merged', { name: merged.nameZh }, 'mergedId');
  if (survivor.federationId && merged.federationId && survivor.federationId !== merged.federationId)
    throw new DomainError('person.merge_conflict', { reason: 'two federation IDs' }, 'mergedId');
  // One person is never two players of one tournament.
  const shared = await tx.player.groupBy({
    by: ['tournamentId'],
    where: { personId: { in: [survivorId, mergedId] } },
    having: { tournamentId: { _count: { gt: 1 } } },
  });
  if (shared.length) throw new DomainError('person.merge_conflict', { reason: 'both played in the same tournament' }, 'mergedId');
  const lists = await listsOf(tx, [survivorId, mergedId]);

  const playerIds = (await tx.player.findMany({ where: { personId: mergedId }, select: { id: true } })).map((p) => p.id);
  const moved: Moved = {
    ratingChanges: (await tx.ratingChange.findMany({ where: { personId: mergedId, eventId: null }, select: { id: true } })).map((r) => r.id),
    titles: (await tx.personTitle.findMany({ where: { personId: mergedId }, select: { id: true } })).map((r) => r.id),
    bans: (await tx.ban.findMany({ where: { personId: mergedId }, select: { id: true } })).map((r) => r.id),
    entryRequests: (await tx.entryRequest.findMany({ where: { personId: mergedId }, select: { id: true } })).map((r) => r.id),
  };
  await tx.player.updateMany({ where: { id: { in: playerIds } }, data: { personId: survivorId } });
  await tx.ratingChange.updateMany({ where: { id: { in: moved.ratingChanges } }, data: { personId: survivorId } });
  // Computed rows of the merged person go; the recompute below rates the joined history.
  await tx.ratingChange.deleteMany({ where: { personId: mergedId, eventId: { not: null } } });
  await tx.personTitle.updateMany({ where: { id: { in: moved.titles } }, data: { personId: survivorId } });
  await tx.ban.updateMany({ where: { id: { in: moved.bans } }, data: { personId: survivorId } });
  await tx.entryRequest.updateMany({ where: { id: { in: moved.entryRequests } }, data: { personId: survivorId } });
  await tx.person.update({
    where: { id: mergedId },
    data: { mergedIntoId: survivorId, version: { increment: 1 } },
  });
  // The survivor keeps its own facts and takes the merged one's where it had none.
  await tx.person.update({
    where: { id: survivorId },
    data: {
      federationId: survivor.federationId ?? null,
      birthYear: survivor.birthYear ?? merged.birthYear,
      unitZh: survivor.unitZh ?? merged.unitZh,
      unitEn: survivor.unitEn ?? merged.unitEn,
      version: { increment: 1 },
    },
  });
  if (!survivor.federationId && merged.federationId) {
    await tx.person.update({ where: { id: mergedId }, data: { federationId: null } });
    await tx.person.update({ where: { id: survivorId }, data: { federationId: merged.federationId } });
  }
  const merge = await tx.personMerge.create({
    data: {
      survivorId,
      mergedId,
      playerIds: playerIds as Prisma.InputJsonValue,
      moved: {
        ...moved,
        federationIdMoved: !survivor.federationId && !!merged.federationId,
        survivorBefore: { birthYear: survivor.birthYear, unitZh: survivor.unitZh, unitEn: survivor.unitEn },
      } as Prisma.InputJsonValue,
      mergedById: userId,
    },
  });
  const changed = [];
  for (const listId of lists) changed.push(...(await recomputeList(tx, listId)).changed);
  return { merge, changed };
}

export async function undoMerge(tx: Tx, mergeId: string, userId: string) {
  await tx.$executeRaw`SELECT 1 FROM "PersonMerge" WHERE id = ${mergeId}::uuid FOR UPDATE`;
  const merge = await tx.personMerge.findUnique({ where: { id: mergeId } });
  if (!merge) throw missingResource('mergeId', 'merge');
  if (merge.undoneAt) throw new DomainError('merge.undone', {}, 'mergeId');
  const { survivorId, mergedId } = merge;
  const persons = await lockPersons(tx, [survivorId, mergedId]);
  const merged = persons.find((p) => p.id === mergedId)!;
  if (merged.mergedIntoId !== survivorId) throw new DomainError('person.merge_conflict', { reason: 'the merged person moved since' }, 'mergeId');
  const moved = merge.moved as unknown as Moved & {
    federationIdMoved?: boolean;
    survivorBefore?: { birthYear: number | null; unitZh: string | null; unitEn: string | null };
  };
  const playerIds = merge.playerIds as string[];
  const lists = await listsOf(tx, [survivorId, mergedId]);
  await tx.player.updateMany({ where: { id: { in: playerIds }, personId: survivorId }, data: { personId: mergedId } });
  await tx.ratingChange.updateMany({ where: { id: { in: moved.ratingChanges ?? [] } }, data: { personId: mergedId } });
  await tx.ratingChange.deleteMany({ where: { personId: survivorId, eventId: { not: null } } });
  await tx.personTitle.updateMany({ where: { id: { in: moved.titles ?? [] } }, data: { personId: mergedId } });
  await tx.ban.updateMany({ where: { id: { in: moved.bans ?? [] } }, data: { personId: mergedId } });
  await tx.entryRequest.updateMany({ where: { id: { in: moved.entryRequests ?? [] } }, data: { personId: mergedId } });
  if (moved.federationIdMoved) {
    const fid = persons.find((p) => p.id === survivorId)!.federationId;
    await tx.person.update({ where: { id: survivorId }, data: { federationId: null } });
    await tx.person.update({ where: { id: mergedId }, data: { federationId: fid } });
  }
  if (moved.survivorBefore) await tx.person.update({ where: { id: survivorId }, data: { ...moved.survivorBefore, version: { increment: 1 } } });
  await tx.person.update({ where: { id: mergedId }, data: { mergedIntoId: null, version: { increment: 1 } } });
  const undone = await tx.personMerge.update({ where: { id: mergeId }, data: { undoneAt: new Date(), undoneById: userId } });
  const changed = [];
  for (const listId of lists) changed.push(...(await recomputeList(tx, listId)).changed);
  return { merge: undone, changed };
}
