/**
 * A checker of TRF-16 player lines as bbpPairings reads them (fileformats/trf.cpp, readPlayer,
 * validatePairConsistency, validateScores), so that every TRF Chuhe writes is known to be read by
 * it — bbpPairings itself is not installed here. Columns are code points (see trf.ts).
 *
 * - a 001 line has at least 84 columns; the starting rank (5–8) is a number ≥ 1; the rating
 *   (49–52) blank or a number; the points (81–84) one number with at most one decimal;
 * - round blocks from column 92, every 10 columns: opponent (4) blank, `0000` or another player's
 *   rank; colour `w`, `b`, `-` or blank (no colour without an opponent); result one of
 *   `1 0 = W L D + - H F U Z` or blank: a played result (`1 0 = W L D`) needs a colour, and
 *   `H F U Z` or blank never go with an opponent ("Invalid line" otherwise); nothing after the last
 *   block;
 * - a played game is written the same way on both lines, with opposite colours ("contradicts the
 *   entry for the opponent");
 * - the points equal the sum over the rounds of win 1, draw ½, loss 0 (`+ W 1 F U` win, `= D H`
 *   draw, the rest nothing) — "The score for player N does not match the game results".
 */
export interface TrfProblem {
  line: number;
  message: string;
}

const PLAYED = new Set(['1', '0', '=', 'W', 'L', 'D']);
const WIN = new Set(['+', 'W', '1', 'F', 'U']);
const DRAW = new Set(['D', '=', 'H']);
const KNOWN = new Set([...WIN, ...DRAW, '-', 'L', '0', 'Z', ' ']);

interface Block {
  opponent: number | null;
  colour: string;
  result: string;
}

/** Every problem bbpPairings would report reading `text` (empty: it reads the file). */
export function checkTrf(text: string): TrfProblem[] {
  const problems: TrfProblem[] = [];
  const players = new Map<number, { line: number; points: number; blocks: Block[] }>();
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    if (!raw.startsWith('001')) return;
    const line = [...raw];
    const col = (from: number, to: number) => line.slice(from, to).join('');
    const bad = (why: string) => problems.push({ line: lineNo, message: `Invalid line: ${why}` });
    if (line.length < 84) return bad(`a player line has at least 84 columns, this one ${line.length}`);
    const rank = col(4, 8).trim();
    if (!/^\d+$/.test(rank) || Number(rank) === 0) return bad(`starting rank '${col(4, 8)}' in columns 5–8`);
    const id = Number(rank);
    const rating = col(48, 52).trim();
    if (rating !== '' && !/^\d+$/.test(rating)) return bad(`rating '${col(48, 52)}' in columns 49–52`);
    const pts = col(80, 84).trim();
    if (!/^\d+(\.\d)?$/.test(pts)) return bad(`points '${col(80, 84)}' in columns 81–84`);
    const blocks: Block[] = [];
    let start = 91;
    for (; start <= line.length - 8; start += 10) {
      const opp = col(start, start + 4);
      let opponent: number | null = null;
      if (opp !== '    ' && opp !== '0000') {
        if (!/^\s*\d+$/.test(opp) || Number(opp) === 0) return bad(`opponent '${opp}' at column ${start + 1}`);
        opponent = Number(opp);
        if (opponent === id) return bad(`the player is their own opponent at column ${start + 1}`);
      }
      const colour = line[start + 5];
      if (!['w', 'b', '-', ' '].includes(colour)) return bad(`colour '${colour}' at column ${start + 6}`);
      if (opponent === null && (colour === 'w' || colour === 'b')) return bad(`a colour without an opponent at column ${start + 6}`);
      const result = (line[start + 7] ?? ' ').toUpperCase();
      if (!KNOWN.has(result)) return bad(`result '${result}' at column ${start + 8}`);
      if (['+', '-', 'H', 'F', 'U', 'Z', ' '].includes(result)) {
        if (result !== '+' && result !== '-' && opponent !== null) return bad(`result '${result}' against an opponent at column ${start + 8}`);
      } else if ((colour === '-' || colour === ' ') && (result !== '=' || opponent !== null)) {
        return bad(`a played result '${result}' without a colour at column ${start + 8}`);
      }
      blocks.push({ opponent, colour, result });
    }
    if (line.slice(start).some((c) => c !== ' ')) return bad(`text after the last round block (column ${start + 1})`);
    if (players.has(id)) return problems.push({ line: lineNo, message: 'A pairing number is repeated.' });
    players.set(id, { line: lineNo, points: Math.round(Number(pts) * 10), blocks });
  });
  for (const [id, p] of players) {
    let tenths = 0;
    p.blocks.forEach((b, r) => {
      tenths += WIN.has(b.result) ? 10 : DRAW.has(b.result) ? 5 : 0;
      if (b.opponent !== null && PLAYED.has(b.result)) {
        const o = players.get(b.opponent)?.blocks[r];
        if (!o || o.opponent !== id || !PLAYED.has(o.result) || o.colour === b.colour)
          problems.push({ line: p.line, message: `Match ${r + 1} for player ${id} contradicts the entry for the opponent.` });
      }
    });
    if (tenths !== p.points) problems.push({ line: p.line, message: `The score for player ${id} does not match the game results.` });
  }
  return problems;
}
