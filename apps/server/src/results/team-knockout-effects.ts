import { FIVE_PLUS_TWO_RAPID, knockoutRapidOption, rapidRematchGame, teamKnockoutDeciderOption, teamKnockoutMatchState } from '@chuhe/pairing';
import type { AuditService } from '../audit/audit.service';
import type { Game } from '../generated/prisma/client';
import type { Tx } from '../prisma/prisma.service';
import { Actor, gameAudit, MatchOutcome, MatchPairing } from './play-effects';

/**
 * A team knockout match (a team pairing with a matchKey) after a result, inside the caller's
 * transaction: drawn on the regular boards → the rapid rematch on every board (二章6节1 加赛快棋:
 * the same players, colours reversed, stored as the boards' next leg, kind 'rapid'); a correction
 * that leaves the match undrawn removes the rematch. Who won, and the organizer's decider after a
 * drawn rematch, are libs/pairing's (team-knockout-match.ts); this file only persists and audits.
 */
export async function settleTeamKnockoutMatch(
  tx: Tx,
  audit: AuditService,
  actor: Actor,
  input: { round: number; pairing: MatchPairing; games: Game[]; reason: string },
): Promise<MatchOutcome | null> {
  const { pairing, games } = input;
  if (!pairing.matchKey || !pairing.blackEntry) return null;
  const event = (
    await tx.pairing.findUnique({
      where: { id: pairing.id },
      select: { round: { select: { event: { select: { pairingOptions: true, gamesPerPairing: true } } } } },
    })
  )?.round.event;
  const regularLegs = event?.gamesPerPairing === 2 ? 2 : 1;
  const format = { regularLegs, rapid: true, decider: teamKnockoutDeciderOption(event?.pairingOptions as Record<string, unknown> | null) } as const;
  const view = (g: Game) => ({ board: g.board, leg: g.leg, result: g.result });
  const regular = games.filter((g) => g.leg <= regularLegs);
  const rematch = games.filter((g) => g.leg > regularLegs);
  // The lot (when the organizer's decider comes to it) is drawn by the stage chain when it pairs the next round.
  const state = teamKnockoutMatchState(format, games.map(view), () => 'first');
  const outcome: MatchOutcome = { key: pairing.matchKey, status: 'in_progress', created: [], removed: [] };
  if (state.status === 'decided') {
    outcome.status = 'decided';
    outcome.decidedBy = state.decidedBy;
    if (state.decidedBy !== 'lot') outcome.winner = state.winner === 'first' ? pairing.redEntry.id : pairing.blackEntry.id;
  } else if (state.status === 'no_winner') outcome.status = 'no_winner';
  else if (state.status === 'next') outcome.status = 'next';
  const where = { round: input.round, table: pairing.table };
  // The rematch belongs to the match only while its regular boards are drawn.
  const drawn = teamKnockoutMatchState(format, regular.map(view), () => 'first').status === 'next';
  if (!drawn && rematch.length) {
    await tx.game.deleteMany({ where: { id: { in: rematch.map((g) => g.id) } } });
    for (const g of rematch) {
      await audit.record(tx, {
        ...actor,
        entity: 'game',
        entityId: g.id,
        action: 'delete',
        before: gameAudit(g, where),
        reason: `${input.reason}: team match ${pairing.matchKey} is no longer drawn on its regular boards — no rapid rematch (二章6节1)`,
      });
    }
    outcome.removed = rematch;
  }
  if (state.status === 'next') {
    const lastLeg = regular.filter((g) => g.leg === regularLegs).sort((a, b) => a.board - b.board);
    for (const g of lastLeg) {
      const r = rapidRematchGame({ red: g.redPlayerId, black: g.blackPlayerId });
      const game = await tx.game.create({
        data: { pairingId: pairing.id, board: g.board, leg: state.leg, kind: 'rapid', redPlayerId: r.red, blackPlayerId: r.black, result: r.result },
      });
      await audit.record(tx, {
        ...actor,
        entity: 'game',
        entityId: game.id,
        action: 'create',
        after: gameAudit(game, where),
        reason: `team match ${pairing.matchKey} drawn — rapid rematch on board ${g.board}, colours reversed (二章6节1 加赛快棋)`,
      });
      outcome.created.push(game);
    }
    outcome.status = 'in_progress';
    // 二章6节1: 快棋每方用时，可由赛会自行决定 (pairingOptions.knockoutRapid), else 附录2 7b's clock.
    const clock = knockoutRapidOption(event?.pairingOptions as Record<string, unknown> | null) ?? FIVE_PLUS_TWO_RAPID;
    outcome.next = `rapid rematch on every board, colours reversed, ${clock.baseMinutes}'+${clock.incrementSeconds}" (二章6节1)`;
  }
  return outcome;
}
