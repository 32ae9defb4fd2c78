/**
 * Who has Red on a board of a pairing — the one colour-of-board rule, used by pairing, lineups,
 * standings, withdrawals and the pages (issue 29 #2).
 *
 * 附录6 用法2: the first-listed side (the pairing's red entry; in a team match the first-listed
 * team) has Red on the odd boards; 二章5节4: in a board's second game (leg 2) the colours are
 * reversed. An individual two-game pairing numbers its games as boards 1 and 2.
 */
export function firstTeamIsRed(board: number, leg: number = 1): boolean {
  return (board % 2 === 1) === (leg !== 2);
}
