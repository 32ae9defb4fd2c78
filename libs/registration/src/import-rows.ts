import { parseCsv } from './csv';

/**
 * Validation of registration CSV files, all-or-nothing: either every row is valid and the rows
 * come back typed, or every problem comes back as `line N, column X: reason`.
 *
 * players.csv columns: name_zh, name_en, gender (male|female|男|女), affiliation, rating, title, federation_id (optional: the person registry's sure key, issue 33)
 * teams.csv columns, one row per team member:
 *   team_zh, team_en, affiliation, role (starter|reserve|正选|后补), board, name_zh, name_en, gender, rating, title
 */
export interface PlayerRow {
  line: number;
  nameZh: string;
  nameEn: string;
  gender: 'male' | 'female';
  affiliation?: string;
  rating?: number;
  title?: string;
  /** The federation's ID of the player (issue 33), where typed. */
  federationId?: string;
}

export interface TeamRow {
  nameZh: string;
  nameEn: string;
  affiliation: string;
  line: number;
  starters: PlayerRow[];
  reserves: PlayerRow[];
}

/**
 * What is wrong, as a stable code (the page words it in its language, issue 30 #5) beside the
 * English `reason`, with the values the words name in `params`.
 */
export type ImportProblemCode =
  | 'syntax'
  | 'empty_file'
  | 'semicolons'
  | 'unknown_column'
  | 'column_twice'
  | 'column_missing'
  | 'no_rows'
  | 'field_count'
  | 'control_character'
  | 'empty_cell'
  | 'too_long'
  | 'gender'
  | 'rating'
  | 'same_player'
  | 'team_affiliation_missing'
  | 'role'
  | 'team_en_differs'
  | 'affiliation_differs'
  | 'board_range'
  | 'board_taken'
  | 'reserve_board'
  | 'too_many_reserves'
  | 'starter_count'
  // Found by the server against the tournament's stored players and teams:
  | 'already_registered'
  | 'team_exists'
  | 'in_another_team'
  | 'women_only';

export interface ImportProblem {
  line: number;
  column: string;
  code: ImportProblemCode;
  reason: string;
  params?: Record<string, string | number>;
}

export function formatProblem(p: ImportProblem): string {
  return `line ${p.line}, column ${p.column}: ${p.reason}`;
}

export type ImportResult<T> = { ok: true; value: T[] } | { ok: false; error: ImportProblem[] };

export const PLAYER_COLUMNS = ['name_zh', 'name_en', 'gender', 'affiliation', 'rating', 'title', 'federation_id'] as const;
export const TEAM_COLUMNS = ['team_zh', 'team_en', 'affiliation', 'role', 'board', 'name_zh', 'name_en', 'gender', 'rating', 'title', 'federation_id'] as const;

const GENDERS: Record<string, 'male' | 'female'> = { male: 'male', female: 'female', m: 'male', f: 'female', 男: 'male', 女: 'female' };
const MEMBER_ROLES: Record<string, 'starter' | 'reserve'> = { starter: 'starter', reserve: 'reserve', 正选: 'starter', 后补: 'reserve', 候补: 'reserve' };
const MAX_NAME = 100;
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

type Table = { header: Map<string, number>; rows: { line: number; get(column: string): string }[] };

function readTable(text: string, columns: readonly string[], required: readonly string[]): { ok: true; value: Table } | { ok: false; error: ImportProblem[] } {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, error: [{ line: parsed.error.line, column: '-', code: 'syntax', reason: parsed.error.message }] };
  const [head, ...body] = parsed.value;
  if (!head) return { ok: false, error: [{ line: 1, column: '-', code: 'empty_file', reason: 'the file is empty; expected a header row' }] };
  // A spreadsheet saved with ";" as the separator (common where "," is the decimal comma): one field holding every column.
  if (head.fields.length === 1 && head.fields[0].includes(';')) {
    return {
      ok: false,
      error: [
        { line: head.line, column: '-', code: 'semicolons', reason: `the columns are separated by semicolons: use commas (expected ${columns.join(',')})` },
      ],
    };
  }
  const header = new Map<string, number>();
  const problems: ImportProblem[] = [];
  head.fields.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (!columns.includes(key))
      problems.push({ line: head.line, column: name, code: 'unknown_column', reason: `unknown column; expected ${columns.join(', ')}` });
    else if (header.has(key)) problems.push({ line: head.line, column: name, code: 'column_twice', reason: 'column appears twice' });
    else header.set(key, index);
  });
  for (const col of required)
    if (!header.has(col)) problems.push({ line: head.line, column: col, code: 'column_missing', reason: 'required column is missing' });
  if (problems.length) return { ok: false, error: problems };
  if (body.length === 0) return { ok: false, error: [{ line: head.line + 1, column: '-', code: 'no_rows', reason: 'no data rows' }] };
  for (const record of body) {
    if (record.fields.length !== head.fields.length)
      problems.push({
        line: record.line,
        column: '-',
        code: 'field_count',
        reason: `has ${record.fields.length} fields, the header has ${head.fields.length}`,
        params: { count: record.fields.length, expected: head.fields.length },
      });
    // A quoted cell may hold a line break: in a name it would forge a TRF line (issue 23 #8).
    record.fields.forEach((field, i) => {
      if (CONTROL_CHARACTER.test(field))
        problems.push({
          line: record.line,
          column: head.fields[i] ?? '-',
          code: 'control_character',
          reason: 'must not contain control characters (line breaks, tabs …)',
        });
    });
  }
  if (problems.length) return { ok: false, error: problems };
  return {
    ok: true,
    value: {
      header,
      rows: body.map((r) => ({ line: r.line, get: (c: string) => (header.has(c) ? r.fields[header.get(c)!].trim() : '') })),
    },
  };
}

function readPlayer(row: { line: number; get(c: string): string }, problems: ImportProblem[]): PlayerRow | undefined {
  const before = problems.length;
  const need = (column: string) => {
    const value = row.get(column);
    if (!value) problems.push({ line: row.line, column, code: 'empty_cell', reason: 'must not be empty' });
    // Characters are code points, as the API and the tournament-file import count them (one rule at
    // every entry point, issue 23 #8): 𠀀 (outside the BMP, two UTF-16 units) is one character.
    else if ([...value].length > MAX_NAME)
      problems.push({ line: row.line, column, code: 'too_long', reason: `longer than ${MAX_NAME} characters`, params: { max: MAX_NAME } });
    return value;
  };
  const nameZh = need('name_zh');
  const nameEn = need('name_en');
  const genderText = row.get('gender');
  const gender = GENDERS[genderText.toLowerCase()];
  if (!gender)
    problems.push({ line: row.line, column: 'gender', code: 'gender', reason: `'${genderText}' is not male, female, 男 or 女`, params: { value: genderText } });
  const ratingText = row.get('rating');
  let rating: number | undefined;
  if (ratingText) {
    rating = Number(ratingText);
    if (!/^\d+$/.test(ratingText) || rating > 4000) {
      problems.push({
        line: row.line,
        column: 'rating',
        code: 'rating',
        reason: `'${ratingText}' is not a whole number from 0 to 4000`,
        params: { value: ratingText },
      });
    }
  }
  const federationId = row.get('federation_id');
  if ([...federationId].length > 50)
    problems.push({ line: row.line, column: 'federation_id', code: 'too_long', reason: 'longer than 50 characters', params: { max: 50 } });
  if (problems.length > before) return undefined;
  return {
    line: row.line,
    nameZh,
    nameEn,
    gender,
    affiliation: row.get('affiliation') || undefined,
    rating,
    title: row.get('title') || undefined,
    ...(federationId ? { federationId } : {}),
  };
}

export function readPlayersCsv(text: string): ImportResult<PlayerRow> {
  const table = readTable(text, PLAYER_COLUMNS, ['name_zh', 'name_en', 'gender']);
  if (!table.ok) return table;
  const problems: ImportProblem[] = [];
  const players: PlayerRow[] = [];
  const seen = new Map<string, number>();
  for (const row of table.value.rows) {
    const player = readPlayer(row, problems);
    if (!player) continue;
    const key = `${player.nameZh}\u0000${player.affiliation ?? ''}`;
    if (seen.has(key))
      problems.push({
        line: row.line,
        column: 'name_zh',
        code: 'same_player',
        reason: `the same player (and affiliation) as on line ${seen.get(key)}`,
        params: { otherLine: seen.get(key)! },
      });
    else seen.set(key, row.line);
    players.push(player);
  }
  return problems.length ? { ok: false, error: problems } : { ok: true, value: players };
}

/** Rows of one team must agree on team_en and affiliation; boards 1..starters are each used once. */
export function readTeamsCsv(text: string, limits: { starters: number; reserves: number }): ImportResult<TeamRow> {
  const table = readTable(text, TEAM_COLUMNS, ['team_zh', 'team_en', 'affiliation', 'role', 'name_zh', 'name_en', 'gender']);
  if (!table.ok) return table;
  const problems: ImportProblem[] = [];
  const teams = new Map<string, TeamRow>();
  const boardLines = new Map<string, Map<number, number>>();
  for (const row of table.value.rows) {
    const teamZh = row.get('team_zh');
    const teamEn = row.get('team_en');
    const affiliation = row.get('affiliation');
    if (!teamZh) problems.push({ line: row.line, column: 'team_zh', code: 'empty_cell', reason: 'must not be empty' });
    if (!teamEn) problems.push({ line: row.line, column: 'team_en', code: 'empty_cell', reason: 'must not be empty' });
    if (!affiliation)
      problems.push({ line: row.line, column: 'affiliation', code: 'team_affiliation_missing', reason: 'a team must name its affiliation (单位)' });
    const roleText = row.get('role');
    const role = MEMBER_ROLES[roleText.toLowerCase()];
    if (!role)
      problems.push({
        line: row.line,
        column: 'role',
        code: 'role',
        reason: `'${roleText}' is not starter, reserve, 正选 or 后补`,
        params: { value: roleText },
      });
    const player = readPlayer(row, problems);
    if (!teamZh || !teamEn || !affiliation || !role || !player) continue;
    let team = teams.get(teamZh);
    if (!team) {
      team = { nameZh: teamZh, nameEn: teamEn, affiliation, line: row.line, starters: [], reserves: [] };
      teams.set(teamZh, team);
      boardLines.set(teamZh, new Map());
    } else {
      if (team.nameEn !== teamEn)
        problems.push({
          line: row.line,
          column: 'team_en',
          code: 'team_en_differs',
          reason: `differs from line ${team.line} ('${team.nameEn}')`,
          params: { otherLine: team.line },
        });
      if (team.affiliation !== affiliation)
        problems.push({
          line: row.line,
          column: 'affiliation',
          code: 'affiliation_differs',
          reason: `differs from line ${team.line} ('${team.affiliation}')`,
          params: { otherLine: team.line },
        });
    }
    const boardText = row.get('board');
    if (role === 'starter') {
      const board = Number(boardText);
      if (!/^\d+$/.test(boardText) || board < 1 || board > limits.starters) {
        problems.push({
          line: row.line,
          column: 'board',
          code: 'board_range',
          reason: `a starter needs a board from 1 to ${limits.starters}`,
          params: { max: limits.starters },
        });
        continue;
      }
      const used = boardLines.get(teamZh)!;
      if (used.has(board)) {
        problems.push({
          line: row.line,
          column: 'board',
          code: 'board_taken',
          reason: `board ${board} of ${teamZh} is already on line ${used.get(board)}`,
          params: { board, team: teamZh, otherLine: used.get(board)! },
        });
        continue;
      }
      used.set(board, row.line);
      team.starters[board - 1] = player;
    } else {
      if (boardText) problems.push({ line: row.line, column: 'board', code: 'reserve_board', reason: 'a reserve has no board' });
      team.reserves.push(player);
      if (team.reserves.length > limits.reserves)
        problems.push({
          line: row.line,
          column: 'role',
          code: 'too_many_reserves',
          reason: `${teamZh} has more than ${limits.reserves} reserve(s)`,
          params: { team: teamZh, max: limits.reserves },
        });
    }
  }
  for (const team of teams.values()) {
    const filled = team.starters.filter(Boolean).length;
    if (filled !== limits.starters)
      problems.push({
        line: team.line,
        column: 'board',
        code: 'starter_count',
        params: { team: team.nameZh, count: filled, expected: limits.starters },
        reason: `${team.nameZh} has ${filled} starter(s); the event needs ${limits.starters} (boards 1–${limits.starters})`,
      });
  }
  problems.sort((a, b) => a.line - b.line);
  return problems.length ? { ok: false, error: problems } : { ok: true, value: [...teams.values()] };
}
