import { randomUUID } from 'node:crypto';
import { checkRound, championshipKnockouts, PairingCheckOptions, PairingFinding, PairingWarning } from '@chuhe/pairing';
import { firstTeamIsRed, type Pairing as FilePairing, type Round as FileRound } from '@chuhe/tournament';
import type { GameResult } from '../generated/prisma/client';
import type { EventFile } from '../play/event-file';
import type { EventWithPlay, LoadedEntry } from '../play/event-loader';
import type { StoredFinding } from './round-view';

/**
 * What a round's pairings become in the database, and how a draft is checked — the server's side
 * of pairing (the rules themselves are libs/pairing's). Pure functions over rows in memory.
 */

export interface PlannedGame {
  id: string;
  pairingId: string;
  board: number;
  /** The game within the board of a two-game team pairing (二章5节4): 1, or 2 with colours reversed. Always 1 otherwise. */
  leg: number;
  kind: 'regular';
  redPlayerId: string | null;
  blackPlayerId: string | null;
  result: GameResult | null;
  /** Why the game was created with a result (a withdrawn entry's forfeit). */
  reason?: string;
}

/** Did this entry withdraw before round `round` (二章7节3–4)? */
export function withdrawnBefore(entry: Pick<LoadedEntry, 'status' | 'withdrawnAfterRound'>, round: number): boolean {
  return entry.status === 'withdrawn' && entry.withdrawnAfterRound !== null && entry.withdrawnAfterRound < round;
}

/** A team's starters in registered board order (附录1 #8: lineups replace them later, issue 10). */
export function starters(entry: LoadedEntry): (string | null)[] {
  const members = (entry.team?.members ?? []).filter((m) => m.role === 'starter' && m.board !== null).sort((a, b) => a.board! - b.board!);
  return members.map((m) => m.playerId);
}

/**
 * The games of a pairing. Individual: one game, or two with colours reversed in game 2 (附录6
 * 用法1). Team: one game per board from the starters; the team listed first (Red) has Red on the
 * odd boards and Black on the even ones (附录6 用法2, 附录1 #9); with two games per board (二章5节4)
 * each board has a second game (leg 2) with the colours reversed. A side whose entry withdrew
 * before this round loses by forfeit (二章7节3–4); both withdrawn: double forfeit.
 */
export function pairingGames(
  event: Pick<EventWithPlay, 'kind' | 'gamesPerPairing' | 'teamStarters'>,
  round: number,
  pairingId: string,
  red: LoadedEntry,
  black: LoadedEntry,
): PlannedGame[] {
  const games: PlannedGame[] = [];
  const redGone = withdrawnBefore(red, round);
  const blackGone = withdrawnBefore(black, round);
  const forfeit = (redSideGone: boolean, blackSideGone: boolean): GameResult | null =>
    redSideGone && blackSideGone ? 'double_forfeit' : redSideGone ? 'black_win_forfeit' : blackSideGone ? 'red_win_forfeit' : null;
  const gone = [redGone ? red : null, blackGone ? black : null].filter((e) => e !== null);
  const reason = gone.length
    ? `二章7节3–4: ${gone.map((e) => `entry #${e.drawNumber} withdrew after round ${e.withdrawnAfterRound}`).join('; ')} — forfeit`
    : undefined;
  if (event.kind === 'individual') {
    const n = event.gamesPerPairing === 2 ? 2 : 1;
    for (let board = 1; board <= n; board++) {
      const firstRed = firstTeamIsRed(board);
      games.push({
        id: randomUUID(),
        pairingId,
        board,
        leg: 1,
        kind: 'regular',
        redPlayerId: firstRed ? red.playerId : black.playerId,
        blackPlayerId: firstRed ? black.playerId : red.playerId,
        result: firstRed ? forfeit(redGone, blackGone) : forfeit(blackGone, redGone),
        ...(reason ? { reason } : {}),
      });
    }
    return games;
  }
  const a = starters(red);
  const b = starters(black);
  const legs = event.gamesPerPairing === 2 ? 2 : 1;
  for (let board = 1; board <= event.teamStarters; board++) {
    const ap = a[board - 1] ?? null;
    const bp = b[board - 1] ?? null;
    for (let leg = 1; leg <= legs; leg++) {
      const firstRed = firstTeamIsRed(board, leg);
      games.push({
        id: randomUUID(),
        pairingId,
        board,
        leg,
        kind: 'regular',
        redPlayerId: firstRed ? ap : bp,
        blackPlayerId: firstRed ? bp : ap,
        result: firstRed ? forfeit(redGone, blackGone) : forfeit(blackGone, redGone),
        ...(reason ? { reason } : {}),
      });
    }
  }
  return games;
}

const ROUND_ROBIN = new Set(['round_robin', 'double_round_robin']);

/** The checker's options for a stage: a double round-robin meets twice; a round-robin table keeps a withdrawn entry's place (its games are forfeits). */
export function checkOptions(stageType: string): PairingCheckOptions {
  const severities: PairingCheckOptions['severities'] = {};
  if (stageType === 'double_round_robin') severities.rematch = 'off';
  if (ROUND_ROBIN.has(stageType)) severities.withdrawn_paired = 'warning';
  return { severities };
}

/**
 * libs/pairing checkRound on a draft against the published rounds before it. A knockout match of
 * a championship may repeat a Swiss pairing (附录2 #7, 附录3 #6), so rematch findings between
 * the two players of a knockout pairing are dropped.
 */
export function checkDraft(file: EventFile, round: FileRound, stageType: string, knockoutPairs: ReadonlySet<string> = new Set()): PairingFinding[] {
  const earlier: EventFile = { ...file, rounds: file.rounds.filter((r) => r.round < round.round) };
  return checkRound(earlier, round, checkOptions(stageType)).filter(
    (f) => !(f.code === 'rematch' && f.entries.length === 2 && knockoutPairs.has(pairKey(f.entries[0], f.entries[1]))),
  );
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function storedFindings(findings: readonly PairingFinding[], warnings: readonly PairingWarning[], round: number): StoredFinding[] {
  return [
    ...findings.map((f) => ({ ...f, source: 'checker' as const })),
    ...warnings.map((w) => ({ severity: 'warning' as const, code: w.code, round, entries: [...w.entries], message: w.message, source: 'pairing' as const })),
  ];
}

/**
 * Championship stage rounds (附录2 5+2, 附录3 6+1): the key of each knockout match in `round`, by
 * pairing index — the lot keys of championship-colours.ts ('5+2 semi-final 1', '5+2 final',
 * '5+2 third place', '6+1 final').
 */
export function knockoutKeys(file: EventFile, stageType: string, round: FileRound): Map<number, string> {
  const keys = new Map<number, string>();
  const format = stageType === 'championship_5_2' ? '5+2' : stageType === 'championship_6_1' ? '6+1' : null;
  if (!format) return keys;
  const withRound: EventFile = { ...file, rounds: [...file.rounds.filter((r) => r.round < round.round), round] };
  const ks = championshipKnockouts(format, withRound);
  if (!ks.ok) return keys;
  for (const k of ks.value) {
    if (k.round !== round.round) continue;
    const index = round.pairings.findIndex((p) => p.red === k.players.first && p.black === k.players.second);
    if (index < 0) continue;
    const stage = k.stage === 'semi_final' ? `semi-final ${k.number}` : k.stage === 'third_place' ? 'third place' : 'final';
    keys.set(index, `${format} ${stage}`);
  }
  return keys;
}

/** A draft's pairings as the libs' round (colours as listed; games do not matter to the checker). */
export function fileRound(
  number: number,
  pairings: readonly {
    redEntryId: string;
    blackEntryId: string | null;
    games?: { redPlayerId: string | null; blackPlayerId: string | null; result: string | null }[];
  }[],
): FileRound {
  const out: FilePairing[] = [];
  const byes: string[] = [];
  for (const p of pairings) {
    if (p.blackEntryId === null) byes.push(p.redEntryId);
    else out.push({ red: p.redEntryId, black: p.blackEntryId, games: [{ red: p.redEntryId, black: p.blackEntryId, result: null }] });
  }
  return { round: number, pairings: out, byes };
}

/**
 * Checker errors a manual change may bring when the chief arbiter gives a reason: a float larger
 * than needed and a colour imbalance are the pairing's quality, not its validity. The others
 * (rematch, paired twice, unpaired, forbidden pair, withdrawn, second bye, unknown, self) never.
 */
export const ACCEPTABLE_WITH_REASON: ReadonlySet<string> = new Set(['needless_float', 'colour_difference']);

function findingKey(f: { code: string; entries: readonly string[] }): string {
  return `${f.code}:${[...f.entries].sort().join(',')}`;
}

/**
 * A draft's findings after a manual change: errors it had before stay (they block publishing),
 * errors accepted before stay accepted, new acceptable errors are accepted with `reason` (when
 * given), other new errors are refused. Returns the findings to store and what blocks the change.
 */
export function reconcileFindings(
  checked: readonly PairingFinding[],
  old: readonly StoredFinding[],
  reason: string | undefined,
): { findings: StoredFinding[]; refused: PairingFinding[]; needReason: PairingFinding[] } {
  const oldErrors = new Set(old.filter((f) => f.severity === 'error').map(findingKey));
  const accepted = new Map(old.filter((f) => f.accepted !== undefined).map((f) => [findingKey(f), f.accepted!]));
  const findings: StoredFinding[] = [];
  const refused: PairingFinding[] = [];
  const needReason: PairingFinding[] = [];
  for (const f of checked) {
    const key = findingKey(f);
    if (f.severity !== 'error' || oldErrors.has(key)) findings.push({ ...f, source: 'checker' });
    else if (accepted.has(key)) findings.push({ ...f, severity: 'warning', source: 'checker', accepted: accepted.get(key) });
    else if (!ACCEPTABLE_WITH_REASON.has(f.code)) refused.push(f);
    else if (!reason) needReason.push(f);
    else findings.push({ ...f, severity: 'warning', source: 'checker', accepted: reason });
  }
  return { findings: [...findings, ...old.filter((f) => f.source === 'pairing')], refused, needReason };
}
