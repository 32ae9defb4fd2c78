import { Entry, GameResult, Round, Side, Tournament, TournamentOptions } from '../../../tournament/src/model';
import { Result } from '../../../tournament/src/result';
import { byePoints, scoresAfter } from '../../../tournament/src/scoring-basics';

/**
 * FIDE TRF (Tournament Report File, TRF-16) for an individual Swiss field, so the same field can
 * be fed to other pairing engines (bbpPairings, JaVaFo) for comparison, and read back.
 * This file only converts; it never pairs (STYLE.md rule 6).
 *
 * Mapping (xiangqi → chess vocabulary):
 * - starting rank (pairing number) = draw number (代号); Red = white `w`, Black = black `b`;
 * - points are written as chess points (win 1, draw 0.5): internal points / 2;
 * - results: red_win/black_win → `1`/`0`; draw → `=`; *_forfeit → `+`/`-`; double_forfeit →
 *   `-`/`-`; *_penalty → `1`/`0` (a played game; reads back as an ordinary win); annulled →
 *   `-`/`-` (reads back as a double forfeit);
 * - bye: `0000 - U` (pairing-allocated bye: the tournament's bye points), or `H` / `Z` when the
 *   bye scores a draw / nothing; a round the player sat out: `0000 - -`;
 * - entry ids, which TRF has no column for, go in Chuhe extension lines `XCI <rank> <id>`;
 *   `XXR <n>` (the bbpPairings extension) gives the number of rounds played so far.
 * Not carried: affiliations longer than 3 characters (the federation column), withdrawals,
 * team events, two-game pairings.
 *
 * Columns of a player line (1-based): 1–3 `001`, 5–8 rank, 15–47 name, 49–52 rating, 54–56
 * federation, 81–84 points, 86–89 place, then per round from column 92 a 10-column block
 * `OOOO C R  ` (opponent rank, colour, result).
 */

export interface TrfError {
  line: number;
  message: string;
}

const pad = (s: string | number, n: number, right = false): string => {
  const t = String(s);
  return t.length >= n ? t.slice(0, n) : right ? t.padEnd(n) : t.padStart(n);
};

function resultCode(result: GameResult | null, side: Side): string {
  if (result === null) return ' ';
  const won = { red: ['red_win', 'red_win_penalty'], black: ['black_win', 'black_win_penalty'] };
  if (result === 'draw') return '=';
  if (won[side].includes(result)) return '1';
  if (won[side === 'red' ? 'black' : 'red'].includes(result)) return '0';
  if (result === `${side}_win_forfeit`) return '+';
  return '-'; // lost by forfeit, double forfeit, annulled
}

/** Write an individual tournament as TRF. */
export function makeTrf(tournament: Tournament): string {
  const entries = [...tournament.entries].sort((a, b) => a.drawNumber - b.drawNumber);
  const scores = scoresAfter(tournament).scores;
  const places = new Map([...entries].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.drawNumber - b.drawNumber).map((e, i) => [e.id, i + 1]));
  const rank = new Map(entries.map((e) => [e.id, e.drawNumber]));
  const bye = byePoints(tournament.options);
  const byeCode = bye >= 2 ? 'U' : bye === 1 ? 'H' : 'Z';
  const lines: string[] = [];
  lines.push(`012 ${tournament.name ?? 'Chuhe tournament'}`);
  lines.push(`062 ${entries.length}`);
  lines.push(`092 Individual: Swiss-System (xiangqi, Chuhe)`);
  lines.push(`XXR ${tournament.rounds.length}`);
  for (const e of entries) {
    let line = `001 ${pad(e.drawNumber, 4)}      ${pad(e.name ?? e.id, 33, true)} ${pad(e.rating !== undefined ? Math.round(e.rating) : '', 4)} ${pad(e.affiliation && e.affiliation.length <= 3 ? e.affiliation : '', 3, true)} ${pad('', 11)} ${pad('', 10)} ${pad(((scores.get(e.id) ?? 0) / 2).toFixed(1), 4)} ${pad(places.get(e.id) ?? 0, 4)}`;
    for (const round of tournament.rounds) {
      let block = '0000 - -';
      if (round.byes.includes(e.id)) block = `0000 - ${byeCode}`;
      const p = round.pairings.find((x) => x.red === e.id || x.black === e.id);
      if (p) {
        const side: Side = p.red === e.id ? 'red' : 'black';
        const opp = side === 'red' ? p.black : p.red;
        block = `${pad(rank.get(opp) ?? 0, 4)} ${side === 'red' ? 'w' : 'b'} ${resultCode(p.games[0]?.result ?? null, side)}`;
      }
      line += `  ${block}`;
    }
    lines.push(line.trimEnd());
  }
  for (const e of entries) lines.push(`XCI ${e.drawNumber} ${e.id}`);
  return lines.join('\n') + '\n';
}

function gameResult(code: string, colour: 'w' | 'b'): GameResult | null | 'forfeit_loss' | 'bad' {
  const red = colour === 'w';
  switch (code) {
    case '1':
    case 'W':
      return red ? 'red_win' : 'black_win';
    case '0':
    case 'L':
      return red ? 'black_win' : 'red_win';
    case '=':
    case 'D':
      return 'draw';
    case '+':
      return red ? 'red_win_forfeit' : 'black_win_forfeit';
    case '-':
      return 'forfeit_loss';
    case ' ':
    case '':
      return null;
    default:
      return 'bad';
  }
}

/** Read TRF back into a tournament (individual, one game per pairing). */
export function parseTrf(text: string, options: Partial<TournamentOptions> = {}): Result<Tournament, TrfError[]> {
  const errors: TrfError[] = [];
  const entries: Entry[] = [];
  const ids = new Map<number, string>();
  const blocks = new Map<number, Array<{ opp: number; colour: string; code: string }>>();
  let name: string | undefined;
  let roundCount = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    const code = raw.slice(0, 3);
    if (code === '012') name = raw.slice(4).trim() || undefined;
    else if (code === 'XXR') roundCount = Number(raw.slice(4).trim()) || 0;
    else if (code === 'XCI') {
      const m = /^XCI\s+(\d+)\s+(\S+)\s*$/.exec(raw);
      if (m) ids.set(Number(m[1]), m[2]);
      else errors.push({ line: lineNo, message: 'XCI line must be "XCI <rank> <id>"' });
    } else if (code === '001') {
      const rank = Number(raw.slice(4, 8));
      if (!Number.isInteger(rank) || rank < 1) return errors.push({ line: lineNo, message: `bad starting rank '${raw.slice(4, 8)}' in columns 5–8` });
      const nm = raw.slice(14, 47).trim();
      const rating = raw.slice(48, 52).trim();
      const fed = raw.slice(53, 56).trim();
      const entry: Entry = { id: `#${rank}`, drawNumber: rank, ...(nm && { name: nm }), ...(rating && { rating: Number(rating) }), ...(fed && { affiliation: fed }) };
      entries.push(entry);
      const list: Array<{ opp: number; colour: string; code: string }> = [];
      for (let col = 91; col < raw.length; col += 10) {
        const block = raw.slice(col, col + 8);
        const opp = Number(block.slice(0, 4).trim() || '0');
        if (!Number.isInteger(opp)) errors.push({ line: lineNo, message: `bad opponent '${block.slice(0, 4)}' at column ${col + 1}` });
        list.push({ opp, colour: block.slice(5, 6), code: block.slice(7, 8) });
      }
      blocks.set(rank, list);
    }
  });
  for (const e of entries) {
    const id = ids.get(e.drawNumber);
    if (id !== undefined) {
      if (e.name === id) delete e.name;
      e.id = id;
    }
  }
  const byRank = new Map(entries.map((e) => [e.drawNumber, e]));
  const rounds = Math.max(roundCount, ...[...blocks.values()].map((b) => b.length), 0);
  const out: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    const round: Round = { round: r + 1, pairings: [], byes: [] };
    for (const e of [...entries].sort((a, b) => a.drawNumber - b.drawNumber)) {
      const b = blocks.get(e.drawNumber)?.[r];
      if (!b) continue;
      if (b.opp === 0) {
        if (['U', 'F', 'H', 'Z'].includes(b.code)) round.byes.push(e.id);
        continue;
      }
      const opp = byRank.get(b.opp);
      if (!opp) {
        errors.push({ line: 0, message: `round ${r + 1}: ${e.id} plays unknown rank ${b.opp}` });
        continue;
      }
      if (b.colour !== 'w') continue; // each pairing is read from Red's line
      const back = blocks.get(b.opp)?.[r];
      if (!back || back.opp !== e.drawNumber || back.colour !== 'b') {
        errors.push({ line: 0, message: `round ${r + 1}: ${e.id} (w) against rank ${b.opp}, whose line does not say so` });
        continue;
      }
      const read = gameResult(b.code, 'w');
      if (read === 'bad') {
        errors.push({ line: 0, message: `round ${r + 1}: unknown result code '${b.code}' for ${e.id}` });
        continue;
      }
      const result: GameResult | null = read === 'forfeit_loss' ? (back.code === '+' ? 'black_win_forfeit' : 'double_forfeit') : read;
      round.pairings.push({ red: e.id, black: opp.id, games: [{ red: e.id, black: opp.id, result }] });
    }
    out.push(round);
  }
  if (errors.length > 0) return { ok: false, error: errors };
  return {
    ok: true,
    value: {
      ...(name !== undefined && { name }),
      options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 3, ...options },
      entries,
      rounds: out,
    },
  };
}
