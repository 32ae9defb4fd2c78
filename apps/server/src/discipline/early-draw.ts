import type { AuditService } from '../audit/audit.service';
import type { Tx } from '../prisma/prisma.service';
import { EARLY_DRAW_PLIES, isEarlyDraw } from '@chuhe/xiangqi';

/** 二章8节12 (libs/xiangqi early-draw.ts), re-exported for the discipline and results paths. */
export { EARLY_DRAW_PLIES };

/**
 * Called by the results path when a draw is entered: if the game's stored record is shorter than
 * 40 plies and no flag exists, a pending early-draw flag for the chief arbiter is logged (audit).
 * Returns the flag's plies, or null. (A record uploaded after the result flags it from records/.)
 */
export async function flagEarlyDrawOnResult(
  tx: Tx,
  audit: AuditService,
  actor: { userId: string; tournamentId: string },
  gameId: string,
): Promise<{ plies: number; article: string } | null> {
  const record = await tx.gameRecord.findUnique({ where: { gameId }, select: { moves: true } });
  const plies = Array.isArray(record?.moves) ? (record!.moves as unknown[]).length : null;
  if (plies === null || !isEarlyDraw(plies)) return null;
  if (await tx.gameLog.findFirst({ where: { gameId, kind: 'early_draw' }, select: { id: true } })) return null;
  const flag = await tx.gameLog.create({ data: { gameId, kind: 'early_draw', byId: actor.userId, state: 'pending', data: { plies, fromResult: true } } });
  await audit.record(tx, {
    ...actor,
    entity: 'game_log',
    entityId: flag.id,
    action: 'create',
    after: flag,
    reason: `early agreed draw flagged (${plies} plies < ${EARLY_DRAW_PLIES}, 二章8节12): needs the chief arbiter`,
  });
  return { plies, article: '二章8节12' };
}
