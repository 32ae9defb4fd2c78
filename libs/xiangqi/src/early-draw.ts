/** 二章8节12: an agreed draw within the first 20 moves (40 plies) needs the arbiter's consent. */
export const EARLY_DRAW_PLIES = 40;

/** Does an agreed draw after `plies` plies need the arbiter's consent (二章8节12)? Unknown length: no flag. */
export function isEarlyDraw(plies: number | null | undefined): boolean {
  return plies !== null && plies !== undefined && plies < EARLY_DRAW_PLIES;
}
