import { Side, opposite } from '@chuhe/tournament';

/**
 * Colour rules of the Swiss rounds, as costs the matching minimises and as the allocation of
 * Red and Black inside a chosen pair.
 *
 * The rules (附录2 #8, 附录1 #9–10, issue 5):
 * - "先平衡先后手": balance Red and Black — difference at most 1 where possible, never above 2;
 * - "各轮先后手尽可能以梅花间竹方式排列, 即 先后先后…., 或 后先后先……": alternate, and so never
 *   three of the same colour in a row;
 * - "高分配对低分时, 根据高分者先后手次序以决定先后": when scores differ, the higher scorer's due
 *   colour decides.
 *
 * Costs of giving colour c to a player (difference d = reds − blacks before the round):
 * - hard (the matching avoids these before anything but no-rematch and everyone-paired):
 *   |d ± 1| would exceed 2, or c would be the third same colour in a row;
 * - soft 2: c is not the due colour and |d ± 1| becomes 2 (balance);
 * - soft 1: c repeats the last colour although the counts are level (alternation, 梅花间竹).
 * The due colour: Black when d > 0, Red when d < 0, the opposite of the last colour when d = 0;
 * none before the first counted game.
 */
export interface ColourCost {
  hard: number;
  soft: number;
}

export function colourDiff(colours: readonly Side[]): number {
  let d = 0;
  for (const c of colours) d += c === 'red' ? 1 : -1;
  return d;
}

export function dueColour(colours: readonly Side[]): Side | undefined {
  const d = colourDiff(colours);
  if (d > 0) return 'black';
  if (d < 0) return 'red';
  return colours.length > 0 ? opposite(colours[colours.length - 1]) : undefined;
}

export function colourCost(colours: readonly Side[], side: Side): ColourCost {
  const d = colourDiff(colours);
  const after = d + (side === 'red' ? 1 : -1);
  const n = colours.length;
  let hard = 0;
  if (Math.abs(after) > 2) hard++;
  if (n >= 2 && colours[n - 1] === side && colours[n - 2] === side) hard++;
  let soft = 0;
  const due = dueColour(colours);
  if (due !== undefined && due !== side) soft = Math.abs(after) >= 2 ? 2 : 1;
  return { hard, soft };
}

/** Cost of one assignment (a gets `sideOfA`, b the other colour). */
export function assignmentCost(a: readonly Side[], b: readonly Side[], sideOfA: Side): ColourCost {
  const ca = colourCost(a, sideOfA);
  const cb = colourCost(b, opposite(sideOfA));
  return { hard: ca.hard + cb.hard, soft: ca.soft + cb.soft };
}

/** The better of the two assignments' costs: what the pair costs the matching. */
export function pairColourCost(a: readonly Side[], b: readonly Side[]): ColourCost {
  const x = assignmentCost(a, b, 'red');
  const y = assignmentCost(a, b, 'black');
  return x.hard < y.hard || (x.hard === y.hard && x.soft <= y.soft) ? x : y;
}

export interface ColourCandidate {
  colours: readonly Side[];
  score: number;
  /** Smaller = ranked higher (seeding rank, or draw number for teams). */
  order: number;
}

/**
 * Red for a or for b? Lowest hard cost, then lowest soft cost (balance before alternation), then
 * 附录1 #10 / 附录2 #8: the higher scorer's due colour, then the stronger preference, then the
 * higher-ranked entry's due colour; `fallback` decides when nothing else does.
 */
export function allocateColours(a: ColourCandidate, b: ColourCandidate, fallback: () => Side): Side {
  const x = assignmentCost(a.colours, b.colours, 'red');
  const y = assignmentCost(a.colours, b.colours, 'black');
  if (x.hard !== y.hard) return x.hard < y.hard ? 'red' : 'black';
  if (x.soft !== y.soft) return x.soft < y.soft ? 'red' : 'black';
  const dueA = dueColour(a.colours);
  const dueB = dueColour(b.colours);
  if (a.score !== b.score) {
    const [dueHi, aIsHi] = a.score > b.score ? [dueA, true] : [dueB, false];
    if (dueHi !== undefined) return aIsHi ? dueHi : opposite(dueHi);
  }
  const strength = (c: readonly Side[]): number => Math.abs(colourDiff(c));
  if (dueA !== undefined && dueB !== undefined && dueA === dueB && strength(a.colours) !== strength(b.colours)) {
    return strength(a.colours) > strength(b.colours) ? dueA : opposite(dueB);
  }
  if (dueA !== undefined && dueA !== dueB) return dueA;
  if (dueB !== undefined && dueA === undefined) return opposite(dueB);
  if (dueA !== undefined) return a.order <= b.order ? dueA : opposite(dueA);
  return fallback();
}
