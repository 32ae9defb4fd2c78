import { Entry, GameResult, Pairing, Round, Side, Tournament, TournamentOptions } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { byePoints } from '@chuhe/tournament';
import { knockoutView } from '../knockout-view';

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
 *   bye scores a draw / nothing; a round the player sat out: `0000 - -`. On import `U` and `F`
 *   (and `0000 - +`) are full-point byes, `H` half-point, `Z` zero-point; the model has one bye
 *   value per event (options.byePoints), so a file that mixes them is refused;
 * - entry ids, which TRF has no column for, go in Chuhe extension lines `XCI <rank> <id>`;
 * - `XXR <n>` (the bbpPairings / JaVaFo extension) is the event's total number of rounds, not the
 *   rounds played: it is read into and written from options.totalRounds (export: or `totalRounds`
 *   given by the caller; without either, the rounds played). A round only exists on import when
 *   some player line has a block for it: `XXR 9` after 8 rounds gives 8 rounds and totalRounds 9.
 * - lines end in CR (what bbpPairings writes), LF or CRLF; export writes LF.
 * - only finished rounds are written (`afterRound` chooses how many): TRF has no code for a game
 *   not yet played. A pairing with tie-break games (a knockout match) is written as the match: the
 *   side that advanced won it. The points column is the sum of the codes written (win 1, draw ½,
 *   the bye's value), as bbpPairings checks it — with tie-break games or point deductions it can
 *   differ from the standings, which count every game and every sanction. trf-checker.ts checks
 *   a file against bbpPairings' rules.
 * - starting ranks have 4 columns: draw numbers above 9,999 are refused on export (not cut).
 * Not carried: affiliations longer than 3 characters (the federation column), withdrawals,
 * team events, two-game pairings.
 *
 * Columns of a player line (1-based): 1–3 `001`, 5–8 rank, 15–47 name, 49–52 rating, 54–56
 * federation, 81–84 points, 86–89 place, then per round from column 92 a 10-column block
 * `OOOO C R  ` (opponent rank, colour, result).
 *
 * Columns count characters — Unicode code points — not bytes (issue 22: a Chinese name moved the
 * points column from byte 81 to byte 89 or 91). TRF is a fixed-column text format; its readers
 * position fields by character: bbpPairings decodes each line from UTF-8 into a std::u32string
 * (one element per code point: `wstring_convert<codecvt_utf8<char32_t>>`, fileformats/trf.cpp)
 * and reads `line.substr(80, 4)` for the points, `line[startIndex + 5]` for a colour; JaVaFo, in
 * Java, reads decoded lines by `String` index. So a name of 3 Chinese characters takes 3 of the
 * name's 33 columns, as "Wei" does, and is padded with 30 spaces. Padding, cutting and reading
 * here go by code point (`[...s]`), never by UTF-16 unit, so a character outside the BMP (𠀀,
 * CJK Extension B) also counts once. The file is written in UTF-8.
 *
 * Header records (TRF-16): 012 name, 022 city, 032 federation, 042 / 052 start and end dates
 * (YYYY/MM/DD), 062 number of players, 092 type, 102 chief arbiter, 122 time control — from
 * `MakeTrfOptions.header` where the caller knows them (the server: the tournament and event).
 */

export interface TrfError {
  line: number;
  message: string;
}

/** TRF is one record per line in fixed columns: a control character (a CR/LF would split a line and forge a record) becomes a space. */
const oneLine = (s: string): string => s.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');

/** `s` in exactly `n` columns (code points): cut, or padded with spaces (left-aligned when `right`). */
const pad = (s: string | number, n: number, right = false): string => {
  const chars = [...oneLine(String(s))];
  if (chars.length >= n) return chars.slice(0, n).join('');
  const fill = ' '.repeat(n - chars.length);
  return right ? chars.join('') + fill : fill + chars.join('');
};

/** Columns [from, to) of a line, counted in code points (as bbpPairings reads them). */
export function trfColumns(line: string, from: number, to?: number): string {
  return [...line].slice(from, to).join('');
}

/** What the header records say, where the caller knows it (TRF-16 records 012–122). */
export interface TrfHeader {
  /** 012: the tournament's name (default: the tournament file's name). */
  name?: string;
  /** 022 */
  city?: string;
  /** 032 */
  federation?: string;
  /** 042 / 052: ISO dates (YYYY-MM-DD), written YYYY/MM/DD. */
  startDate?: string;
  endDate?: string;
  /** 092 (default "Individual: Swiss-System (xiangqi, Chuhe)"). */
  type?: string;
  /** 102 */
  chiefArbiter?: string;
  /** 122, e.g. "60' + 30\"". */
  timeControl?: string;
}

function resultCode(result: GameResult | null, side: Side): string {
  if (result === null) return ' ';
  const won = { red: ['red_win', 'red_win_penalty'], black: ['black_win', 'black_win_penalty'] };
  if (result === 'draw') return '=';
  if (won[side].includes(result)) return '1';
  if (won[side === 'red' ? 'black' : 'red'].includes(result)) return '0';
  if (result === `${side}_win_forfeit`) return '+';
  return '-'; // lost by forfeit, double forfeit, annulled
}

/** The largest starting rank TRF's 4 columns (5–8) can hold. */
export const TRF_MAX_RANK = 9999;

export interface MakeTrfOptions {
  /** The event's total rounds for `XXR` (default options.totalRounds, else the rounds played). */
  totalRounds?: number;
  header?: TrfHeader;
  /**
   * Write rounds 1…N only. Without it, the rounds whose every pairing has its result: a round paired
   * but not finished is left out (TRF has no code for a game not yet played — bbpPairings refuses a
   * block with an opponent and no result, "Invalid line"). Rounds 1…N must all be finished.
   */
  afterRound?: number;
}

/** The TRF codes of a pairing (Red's, Black's), or null while its outcome is not known. */
type Codes = { red: string; black: string } | null;

/**
 * A pairing's codes: its one game's result; with tie-break games (a knockout match: regular games,
 * then rapid or armageddon), the match's outcome — the side that advances won it (the bracket's
 * decision, knockout-view.ts), else the side with more game points; equal points a draw.
 */
function pairingCodes(round: number, p: Pairing, decided: Map<string, string>, knockout: Set<string>): Codes {
  // By round: two players of a knockout match may have met in an earlier (Swiss) round.
  const key = `${round}|${p.red}|${p.black}`;
  const winner = decided.get(key);
  // A knockout match not decided yet (a drawn game before its tie-break game) is not finished.
  if (knockout.has(key) && !winner) return null;
  if (p.games.length <= 1) {
    const result = p.games[0]?.result ?? null;
    return result === null ? null : { red: resultCode(result, 'red'), black: resultCode(result, 'black') };
  }
  if (winner) return winner === p.red ? { red: '1', black: '0' } : { red: '0', black: '1' };
  if (p.games.some((g) => g.result === null)) return null;
  const pts = new Map<string, number>([
    [p.red, 0],
    [p.black, 0],
  ]);
  for (const g of p.games) {
    for (const side of ['red', 'black'] as const) {
      const code = resultCode(g.result, side);
      const who = side === 'red' ? g.red : g.black;
      pts.set(who, (pts.get(who) ?? 0) + (code === '1' || code === '+' ? 2 : code === '=' ? 1 : 0));
    }
  }
  const [r, b] = [pts.get(p.red) ?? 0, pts.get(p.black) ?? 0];
  return r > b ? { red: '1', black: '0' } : r < b ? { red: '0', black: '1' } : { red: '=', black: '=' };
}

/** TRF points of a code in tenths (bbpPairings: win 1, draw ½; a `U` bye scores a win). */
const codeTenths = (code: string) => (['1', '+', 'W', 'F', 'U'].includes(code) ? 10 : ['=', 'D', 'H'].includes(code) ? 5 : 0);

/** The event's total rounds as the tournament records it (options.totalRounds), if any. */
export function recordedTotalRounds(tournament: Tournament): number | undefined {
  const t = tournament.options.totalRounds;
  return typeof t === 'number' && Number.isInteger(t) && t >= 1 ? t : undefined;
}

/** Write an individual tournament as TRF; refuses what TRF cannot hold. */
export function makeTrf(tournament: Tournament, options: MakeTrfOptions = {}): Result<string, TrfError[]> {
  const entries = [...tournament.entries].sort((a, b) => a.drawNumber - b.drawNumber);
  const errors: TrfError[] = [];
  const tooBig = entries.filter((e) => e.drawNumber > TRF_MAX_RANK);
  if (tooBig.length > 0) {
    const shown = tooBig
      .slice(0, 5)
      .map((e) => `${e.id} (#${e.drawNumber})`)
      .join(', ');
    errors.push({
      line: 0,
      message: `TRF has 4 columns for the starting rank: draw numbers above ${TRF_MAX_RANK} cannot be written (${tooBig.length} entries: ${shown}${tooBig.length > 5 ? ', …' : ''})`,
    });
  }
  // Knockout matches the bracket has decided (tie-break games included).
  const decided = new Map<string, string>();
  const knockout = new Set<string>();
  const view = knockoutView(tournament);
  if (view.ok && view.value)
    for (const r of view.value.rounds)
      for (const m of r.matches) {
        if (!m.bottom) continue;
        for (const key of [`${r.round}|${m.top}|${m.bottom}`, `${r.round}|${m.bottom}|${m.top}`]) {
          knockout.add(key);
          if (m.winner) decided.set(key, m.winner);
        }
      }
  const sorted = [...tournament.rounds].sort((a, b) => a.round - b.round);
  const codes = sorted.map((r) => r.pairings.map((p) => pairingCodes(r.round, p, decided, knockout)));
  const finished = (i: number) => codes[i].every((c) => c !== null);
  let written = 0;
  if (options.afterRound !== undefined) {
    written = options.afterRound;
    if (written > sorted.length) errors.push({ line: 0, message: `round ${written} is not paired yet (the event has ${sorted.length} rounds paired)` });
    else
      for (let i = 0; i < written; i++)
        if (!finished(i))
          errors.push({
            line: 0,
            message: `round ${sorted[i].round} has pairings without a result: TRF writes results only (a paired game without one is an invalid line to bbpPairings)`,
          });
  } else {
    while (written < sorted.length && finished(written)) written++;
  }
  const rounds = sorted.slice(0, written);
  const played = rounds.length;
  const total = options.totalRounds ?? recordedTotalRounds(tournament) ?? tournament.rounds.length;
  if (total < played) errors.push({ line: 0, message: `the event's total rounds (${total}) is less than the rounds played (${played})` });
  if (errors.length > 0) return { ok: false, error: errors };
  const rank = new Map(entries.map((e) => [e.id, e.drawNumber]));
  const bye = byePoints(tournament.options);
  const byeCode = bye >= 2 ? 'U' : bye === 1 ? 'H' : 'Z';
  // Each player's blocks, and the points they add up to (TRF's points are the sum of its codes).
  const blocks = new Map<string, string[]>();
  const scores = new Map<string, number>();
  for (const e of entries) {
    const list: string[] = [];
    let tenths = 0;
    rounds.forEach((round, r) => {
      let block = '0000 - -';
      if (round.byes.includes(e.id)) block = `0000 - ${byeCode}`;
      const k = round.pairings.findIndex((x) => x.red === e.id || x.black === e.id);
      if (k >= 0) {
        const p = round.pairings[k];
        const side: Side = p.red === e.id ? 'red' : 'black';
        const opp = side === 'red' ? p.black : p.red;
        block = `${pad(rank.get(opp) ?? 0, 4)} ${side === 'red' ? 'w' : 'b'} ${codes[r][k]![side]}`;
      }
      tenths += codeTenths(block[7]);
      list.push(block);
    });
    blocks.set(e.id, list);
    scores.set(e.id, tenths);
  }
  const places = new Map(
    [...entries].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.drawNumber - b.drawNumber).map((e, i) => [e.id, i + 1]),
  );
  const lines: string[] = [];
  const h = options.header ?? {};
  const record = (code: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') lines.push(`${code} ${oneLine(value).trim()}`);
  };
  const date = (iso: string | undefined) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10).replace(/-/g, '/') : undefined);
  record('012', h.name ?? tournament.name ?? 'Chuhe tournament');
  record('022', h.city);
  record('032', h.federation);
  record('042', date(h.startDate));
  record('052', date(h.endDate));
  record('062', String(entries.length));
  record('092', h.type ?? 'Individual: Swiss-System (xiangqi, Chuhe)');
  record('102', h.chiefArbiter);
  record('122', h.timeControl);
  lines.push(`XXR ${total}`);
  for (const e of entries) {
    let line = `001 ${pad(e.drawNumber, 4)}      ${pad(e.name ?? e.id, 33, true)} ${pad(e.rating !== undefined ? Math.round(e.rating) : '', 4)} ${pad(e.affiliation && e.affiliation.length <= 3 ? e.affiliation : '', 3, true)} ${pad('', 11)} ${pad('', 10)} ${pad(((scores.get(e.id) ?? 0) / 10).toFixed(1), 4)} ${pad(places.get(e.id) ?? 0, 4)}`;
    for (const block of blocks.get(e.id) ?? []) line += `  ${block}`;
    lines.push(line.trimEnd());
  }
  for (const e of entries) lines.push(`XCI ${e.drawNumber} ${e.id}`);
  return { ok: true, value: lines.join('\n') + '\n' };
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

/** Byes on import: points in the scoring's units (a win is 2), by TRF code. */
const BYE_CODES: Record<string, number> = { U: 2, F: 2, '+': 2, H: 1, Z: 0 };

/** Read TRF back into a tournament (individual, one game per pairing). */
export function parseTrf(text: string, options: Partial<TournamentOptions> = {}): Result<Tournament, TrfError[]> {
  const errors: TrfError[] = [];
  const entries: Entry[] = [];
  const lineOf = new Map<number, number>();
  const ids = new Map<number, string>();
  const blocks = new Map<number, Array<{ opp: number; colour: string; code: string } | undefined>>();
  let name: string | undefined;
  let totalRounds: number | undefined;
  // CR (bbpPairings), LF or CRLF.
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    const lineNo = i + 1;
    // Columns are code points (see the header comment): read the line as an array of them.
    const chars = [...line];
    const raw = { slice: (from: number, to?: number) => chars.slice(from, to).join(''), length: chars.length };
    const code = raw.slice(0, 3);
    if (code === '012') name = raw.slice(4).trim() || undefined;
    else if (code === 'XXR') {
      const n = raw.slice(4).trim();
      if (/^[1-9]\d*$/.test(n)) totalRounds = Number(n);
      else errors.push({ line: lineNo, message: `XXR must be the event's total number of rounds, not '${n}'` });
    } else if (code === 'XCI') {
      const m = /^XCI\s+(\d+)\s+(\S+)\s*$/.exec(line);
      if (m) ids.set(Number(m[1]), m[2]);
      else errors.push({ line: lineNo, message: 'XCI line must be "XCI <rank> <id>"' });
    } else if (code === '001') {
      const rankText = raw.slice(4, 8);
      const rank = Number(rankText);
      if (!/^\s*\d+$/.test(rankText) || rank < 1) return errors.push({ line: lineNo, message: `bad starting rank '${rankText}' in columns 5–8` });
      if (lineOf.has(rank)) return errors.push({ line: lineNo, message: `starting rank ${rank} appears twice (also line ${lineOf.get(rank)})` });
      lineOf.set(rank, lineNo);
      const nm = raw.slice(14, 47).trim();
      const rating = raw.slice(48, 52).trim();
      const fed = raw.slice(53, 56).trim();
      const entry: Entry = {
        id: `#${rank}`,
        drawNumber: rank,
        ...(nm && { name: nm }),
        ...(rating && Number(rating) > 0 && { rating: Number(rating) }),
        ...(fed && { affiliation: fed }),
      };
      entries.push(entry);
      const list: Array<{ opp: number; colour: string; code: string } | undefined> = [];
      for (let col = 91; col < raw.length; col += 10) {
        const block = raw.slice(col, col + 8);
        if (block.trim() === '') {
          list.push(undefined); // no block: the round is not in this line
          continue;
        }
        const oppText = block.slice(0, 4).trim() || '0';
        if (!/^\d+$/.test(oppText)) errors.push({ line: lineNo, message: `bad opponent '${block.slice(0, 4)}' at column ${col + 1}` });
        list.push({ opp: Number(oppText), colour: block.slice(5, 6), code: block.slice(7, 8) });
      }
      blocks.set(rank, list);
    }
  });
  if (entries.length === 0 && errors.length === 0) {
    return { ok: false, error: [{ line: 0, message: 'no player lines (001): not a TRF file, or an empty field' }] };
  }
  for (const e of entries) {
    const id = ids.get(e.drawNumber);
    if (id !== undefined) {
      if (e.name === id) delete e.name;
      e.id = id;
    }
  }
  const byRank = new Map(entries.map((e) => [e.drawNumber, e]));
  // Rounds played: up to the last round any line has a block for (XXR is the event's total).
  let rounds = 0;
  for (const list of blocks.values()) for (let r = list.length; r > rounds; r--) if (list[r - 1]) rounds = r;
  if (totalRounds !== undefined && totalRounds < rounds)
    errors.push({ line: 0, message: `XXR ${totalRounds} (the event's total rounds) but ${rounds} rounds are played` });
  const byeKinds = new Map<number, string>(); // bye points → first place seen
  const out: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    const round: Round = { round: r + 1, pairings: [], byes: [] };
    for (const e of [...entries].sort((a, b) => a.drawNumber - b.drawNumber)) {
      const b = blocks.get(e.drawNumber)?.[r];
      if (!b) continue;
      if (b.opp === 0) {
        const points = BYE_CODES[b.code];
        if (points !== undefined) {
          round.byes.push(e.id);
          if (!byeKinds.has(points)) byeKinds.set(points, `'${b.code}' for ${e.id} in round ${r + 1}`);
        }
        continue;
      }
      const opp = byRank.get(b.opp);
      if (!opp) {
        errors.push({ line: lineOf.get(e.drawNumber) ?? 0, message: `round ${r + 1}: ${e.id} plays unknown rank ${b.opp}` });
        continue;
      }
      if (b.colour !== 'w') continue; // each pairing is read from Red's line
      const back = blocks.get(b.opp)?.[r];
      if (!back || back.opp !== e.drawNumber || back.colour !== 'b') {
        errors.push({ line: lineOf.get(e.drawNumber) ?? 0, message: `round ${r + 1}: ${e.id} (w) against rank ${b.opp}, whose line does not say so` });
        continue;
      }
      const read = gameResult(b.code, 'w');
      if (read === 'bad') {
        errors.push({ line: lineOf.get(e.drawNumber) ?? 0, message: `round ${r + 1}: unknown result code '${b.code}' for ${e.id}` });
        continue;
      }
      const result: GameResult | null = read === 'forfeit_loss' ? (back.code === '+' ? 'black_win_forfeit' : 'double_forfeit') : read;
      round.pairings.push({ red: e.id, black: opp.id, games: [{ red: e.id, black: opp.id, result }] });
    }
    out.push(round);
  }
  if (byeKinds.size > 1) {
    errors.push({ line: 0, message: `byes of different values (${[...byeKinds.values()].join('; ')}): a Chuhe event has one bye value (options.byePoints)` });
  }
  if (errors.length > 0) return { ok: false, error: errors };
  const [byeValue] = [...byeKinds.keys()];
  return {
    ok: true,
    value: {
      ...(name !== undefined && { name }),
      options: {
        eventKind: 'individual',
        scoring: '2-1-0',
        gamesPerPairing: 1,
        boards: 3,
        ...(byeValue !== undefined && byeValue !== 2 && { byePoints: byeValue }),
        ...(totalRounds !== undefined && { totalRounds }),
        ...options,
      },
      entries,
      rounds: out,
    },
  };
}
