import type { Side } from './types';

/**
 * A draw offer against the rules of offering (三章6I 如有一方棋手提议作和，则必须在他自己走棋后提出。
 * 任何一方不得连续提和; 二章9节5 提议作和经对方拒绝后，不可连续提出 — a technical foul the arbiter
 * may record). `ply`: plies played when the offer was made, from the start position (Red moves
 * first, so after an odd ply Red has just moved, after an even one Black). Unknown ply: only the
 * repetition is checked.
 */
export interface DrawOfferCheck {
  /** The same player offers again after a refusal, with no other offer between (不可连续提出). */
  repeated: boolean;
  /** Made before the player's own move — after the opponent's (必须在他自己走棋后提出). */
  outOfTurn: boolean;
  warnings: string[];
}

export function checkDrawOffer(
  offer: { side: Side; playerId: string; ply?: number | null },
  previous?: { playerId: string; response: string } | null,
): DrawOfferCheck {
  const repeated = !!previous && previous.playerId === offer.playerId && previous.response === 'declined';
  const justMoved: Side | null = offer.ply === undefined || offer.ply === null ? null : offer.ply === 0 ? null : offer.ply % 2 === 1 ? 'red' : 'black';
  const outOfTurn = offer.ply !== undefined && offer.ply !== null && justMoved !== offer.side;
  const warnings: string[] = [];
  if (repeated)
    warnings.push('二章9节5: the same player offered again after a refusal — a technical foul if the arbiter records it (detail repeated_draw_offer)');
  if (outOfTurn)
    warnings.push(
      `三章6I: a draw is offered after one’s own move; ${offer.side === 'red' ? 'Red' : 'Black'} offered at ply ${offer.ply}, before its own move — the arbiter may record a technical foul (二章9节5)`,
    );
  return { repeated, outOfTurn, warnings };
}
