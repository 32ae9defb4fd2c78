import { lateEntryDraw, type LateEntryDrawErrorCode } from '@chuhe/registration';
import type { AuditService } from '../audit/audit.service';
import { DomainError, type ErrorCode } from '../common/errors';
import type { Tx } from '../prisma/prisma.service';

/** Numbers were drawn for this event already: entries added now are late entries. */
export async function hasDraw(tx: Tx, eventId: string): Promise<boolean> {
  return (await tx.draw.count({ where: { eventId } })) > 0;
}

/**
 * 附录6 用法1: entries added after the draw (and before round 1) draw their numbers by lot from
 * all the lots 1…N+k; a holder of a drawn number moves to the new top number (libs/registration
 * lateEntryDraw, method 'lot': as fair as a full redraw, at most one announced number moves per
 * late entry). Pinned numbers, seeds in their seed positions and the host's extra team are never
 * moved. The lot's seed is the last draw's seed and the late entries' ids, recorded in the audit
 * so the lot can be re-run. Does nothing before the first draw.
 */
export async function drawLateNumbers(
  tx: Tx,
  audit: AuditService,
  actor: { userId?: string; tournamentId: string },
  eventId: string,
  lateEntries: string[],
): Promise<void> {
  if (lateEntries.length === 0) return;
  const draw = await tx.draw.findFirst({ where: { eventId }, orderBy: { createdAt: 'desc' } });
  if (!draw) return;
  const late = new Set(lateEntries);
  const holders = await tx.entry.findMany({
    where: { eventId, drawNumber: { not: null } },
    select: { id: true, drawNumber: true, seed: true, hostExtra: true },
  });
  const pinned = new Set((draw.pinned as { entryId?: string }[]).map((p) => p.entryId));
  const existing = holders
    .filter((h) => !late.has(h.id))
    .map((h) => ({ entryId: h.id, drawNumber: h.drawNumber!, fixed: pinned.has(h.id) || h.seed !== null || h.hostExtra }));
  const seed = `${draw.seed}:late:${[...lateEntries].sort().join(',')}`;
  const result = lateEntryDraw({ existing, lateEntries, seed });
  if (!result.ok) throw new DomainError(LATE_DRAW_CODES[result.error.code], { field: 'drawNumber', detail: result.error.message }, 'drawNumber');
  const { assignments, moved } = result.value;
  const changing = [...moved.map((m) => m.entryId), ...assignments.map((a) => a.entryId)];
  // Two steps so that the unique (event, number) never sees two holders of one number.
  await tx.entry.updateMany({ where: { id: { in: changing } }, data: { drawNumber: null } });
  for (const m of moved) await tx.entry.update({ where: { id: m.entryId }, data: { drawNumber: m.to, version: { increment: 1 } } });
  for (const a of assignments) await tx.entry.update({ where: { id: a.entryId }, data: { drawNumber: a.drawNumber } });
  await audit.record(tx, {
    ...actor,
    entity: 'draw',
    entityId: draw.id,
    action: 'update',
    after: { seed, assignments, moved },
    reason: '附录6 用法1: late entries drew their numbers by lot; a number they drew moved its holder to the new top number',
  });
}

/** The late draw's refusals by code (libs/registration late-entry.ts), worded in the page's language. */
const LATE_DRAW_CODES: Record<LateEntryDrawErrorCode, ErrorCode> = {
  no_late_entries: 'late_draw.no_late_entries',
  duplicate_entry: 'late_draw.duplicate_entry',
  duplicate_number: 'late_draw.duplicate_number',
  redraw_needed: 'late_draw.redraw_needed',
};
