import type { Prisma } from '../generated/prisma/client';
import { notFound } from '../common/optimistic';
import type { Tx } from '../prisma/prisma.service';

/** A game with what discipline, records, disputes and appeals need: its round, event, entries and players. */
export const GAME_CONTEXT_INCLUDE = {
  redPlayer: { select: { id: true, nameZh: true, nameEn: true, affiliationId: true } },
  blackPlayer: { select: { id: true, nameZh: true, nameEn: true, affiliationId: true } },
  pairing: {
    include: {
      round: {
        include: {
          event: {
            select: {
              id: true,
              tournamentId: true,
              kind: true,
              nameZh: true,
              nameEn: true,
              appealDeadlineMinutes: true,
              appealFeeAmount: true,
              appealFeeCurrency: true,
              repetitionRules: true,
            },
          },
        },
      },
      redEntry: {
        select: {
          id: true,
          playerId: true,
          teamId: true,
          team: { select: { affiliationId: true, nameZh: true, nameEn: true } },
          player: { select: { affiliationId: true } },
        },
      },
      blackEntry: {
        select: {
          id: true,
          playerId: true,
          teamId: true,
          team: { select: { affiliationId: true, nameZh: true, nameEn: true } },
          player: { select: { affiliationId: true } },
        },
      },
    },
  },
} satisfies Prisma.GameInclude;

export type GameContext = Prisma.GameGetPayload<{ include: typeof GAME_CONTEXT_INCLUDE }>;

export async function gameContext(db: Tx, gameId: string): Promise<GameContext> {
  const game = await db.game.findUnique({ where: { id: gameId }, include: GAME_CONTEXT_INCLUDE });
  if (!game) throw notFound('game');
  return game;
}

/** The game's label for messages: 'round 2, table 3, board 1'. */
export function gameLabel(g: GameContext): string {
  return `round ${g.pairing.round.number}, table ${g.pairing.table ?? '-'}, board ${g.board}`;
}

/** Which side the player plays in this game, or null. */
export function sideOf(g: Pick<GameContext, 'redPlayerId' | 'blackPlayerId'>, playerId: string): 'red' | 'black' | null {
  return g.redPlayerId === playerId ? 'red' : g.blackPlayerId === playerId ? 'black' : null;
}

/** The entries whose games these are (red's entry first), the affiliations involved (三章7D). */
export function affiliationsInvolved(g: GameContext): string[] {
  const out = new Set<string>();
  for (const e of [g.pairing.redEntry, g.pairing.blackEntry]) {
    const a = e?.team?.affiliationId ?? e?.player?.affiliationId;
    if (a) out.add(a);
  }
  for (const p of [g.redPlayer, g.blackPlayer]) if (p?.affiliationId) out.add(p.affiliationId);
  return [...out];
}
