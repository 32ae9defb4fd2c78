import { Tournament, WIN_POINTS } from '@chuhe/tournament';
import { ChainStep, chainWithReadings, resolveChain } from './chains';
import { CRITERIA, CriterionContext, CriterionId, CriterionValue } from './criteria';
import { Records, buildRecords, checkRoundEntries } from './records';
import { CrosstableRow, MemberResult, ProgressiveRow, TeamMatch, crosstable, memberResults, progressiveScores, teamMatches } from './reports';
import { Lot, lotFromOrder, lotFromSeed, rankEntries } from './ranking';
import { fail, ok, type StandingsResult } from './result';
import { LadderRecord, Sanction, TimeAdjustment, applySanctions } from './sanctions';
import { CountingSettings, countingSettings } from './settings';
import { computeTotals, gamePointsScale, scoreScale } from './totals';
import { Format, Withdrawal, WithdrawalReason, WithdrawalStatus, applyWithdrawals } from './withdrawals';

/**
 * computeStandings: a Tournament (plus sanctions, withdrawals, settings) → the ranked table.
 *
 * Order of application: sanctions change game results (二章8–9节, 一章3节); withdrawals turn later
 * pairings into forfeits and, in a round-robin left before half-way, annul the entry's results
 * (二章7节); then the records are scored (二章5节) and ranked by the chain (二章6节, 附录1–5).
 */

export interface StandingsOptions {
  /** Round-robin or Swiss; default from tournament.options.format / system, else Swiss. */
  format?: Format;
  /** A default chain id (chains.ts) or a list of criterion ids; default 二章6节2–5 by kind and format. */
  chain?: string | readonly string[];
  counting?: Partial<CountingSettings>;
  sanctions?: readonly Sanction[];
  /** Withdrawals in addition to Entry.withdrawnAfterRound. */
  withdrawals?: readonly { entry: string; afterRound: number; reason?: WithdrawalReason }[];
  /** A recorded lot for entries still tied after the chain: an order of entry ids, or a seed. */
  lot?: { order?: readonly string[]; seed?: string };
  /**
   * Round-robin cycles (2 = double round-robin), for a withdrawal's `scheduled` pairings. Default 1.
   * The half-way rule of 二章7节3 counts opponents met (已赛对手), not games, so it does not depend on it.
   */
  roundRobinCycles?: number;
  /** 局分 a bye scores; default a win on every game of the pairing. */
  byeGamePoints?: number;
  /** Team events: reserve member id → the board their individual total counts (附录1 #6). */
  reserveBoards?: Readonly<Record<string, number>>;
  /**
   * Rounds in which a one-game individual pairing counts its first game (not annulled) only:
   * the knockout rounds of 附录2 / 附录3, whose rapid and armageddon tie-break games are stored as
   * further games of the same pairing (libs/pairing championship-system.ts). Default: none.
   */
  firstGameOnlyRounds?: readonly number[];
  /**
   * Rank only these entries, among themselves; the others still count as opponents but get no
   * row (e.g. 附录2 #10: the players outside the knockout are ranked after it). Default: all.
   */
  rankOnly?: readonly string[];
}

/** A criterion value as shown: a number, or a vector (强对手分). */
export type DisplayValue = number | number[];

export interface Decision {
  step: number;
  criterion: CriterionId | 'lot';
  label: string;
  rule: string;
  /** The previous row's value and this row's value, in display units. */
  previous: DisplayValue | null;
  current: DisplayValue | null;
}

export interface StandingRow {
  rank: number;
  entry: string;
  name?: string;
  drawNumber: number;
  /** 积分 / 场分 in display units. */
  score: number;
  /** Every chain value by criterion id, in display units (group criteria: null if never applied). */
  values: Partial<Record<CriterionId, DisplayValue | null>>;
  /** Tied on score with the previous row: the criterion (or lot) that put this row after it. */
  decidedBy: Decision | null;
  /** Still tied with the previous row after the chain and the lot: the same rank. */
  sharedRank: boolean;
  withdrawn?: Withdrawal;
}

export interface Standings {
  eventKind: Tournament['options']['eventKind'];
  format: Format;
  scoring: Tournament['options']['scoring'];
  gamesPerPairing: 1 | 2;
  chainId: string;
  chain: readonly ChainStep[];
  counting: CountingSettings;
  rounds: number[];
  rows: StandingRow[];
  excluded: { entry: string; reason: 'withdrawn_before_round_1' | 'results_annulled' | 'disqualified' }[];
  withdrawals: WithdrawalStatus[];
  crosstable?: CrosstableRow[];
  progressive?: ProgressiveRow[];
  teamMatches?: TeamMatch[];
  members?: MemberResult[];
  discipline: {
    fouls: { player: string; technical: number; violations: number }[];
    ladder: LadderRecord[];
    timeAdjustments: TimeAdjustment[];
    /** `leg`: the board's second game (二章5节4), absent for leg 1. */
    penalties: { round: number; board: number; leg?: number; red: string; black: string; result: string; reason?: string }[];
  };
  pending: { round: number; red: string; black: string }[];
  notes: string[];
}

/** Which recorded reason for leaving wins when an entry has several: disqualification cancels points (二章8节3). */
const REASON_GRAVITY: Record<WithdrawalReason, number> = { withdrawal: 0, removal: 1, disqualification: 2 };

export function formatOf(tournament: Tournament, explicit?: Format): { format: Format; assumed: boolean } {
  if (explicit) return { format: explicit, assumed: false };
  const o = tournament.options;
  for (const key of ['format', 'system', 'pairingSystem']) {
    const v = o[key];
    if (typeof v !== 'string') continue;
    if (/round|robin|循环/i.test(v)) return { format: 'round-robin', assumed: false };
    if (/swiss|积分编排/i.test(v)) return { format: 'swiss', assumed: false };
  }
  return { format: 'swiss', assumed: true };
}

export function computeStandings(tournament: Tournament, options: StandingsOptions = {}): StandingsResult<Standings> {
  const { eventKind, scoring, gamesPerPairing } = tournament.options;
  const boards = eventKind === 'team' ? tournament.options.boards : 1;
  const notes: string[] = [];
  // Issue 30: the notes name entries (and team members) as people read them, not by their ids.
  const named = nameOfIn(tournament);
  const { format, assumed } = formatOf(tournament, options.format);
  if (assumed) notes.push('format not given: assumed Swiss (积分编排制)');
  const resolved = resolveChain(options.chain, eventKind, format);
  if (!resolved.ok) return resolved;
  const counting = countingSettings(options.counting);
  // The event's readings of open articles (settings.ts: 二章6节2 A in two-game events).
  const chain = { ...resolved, value: { ...resolved.value, steps: chainWithReadings(resolved.value.steps, { eventKind, gamesPerPairing }, counting) } };
  const ids = new Set(tournament.entries.map((e) => e.id));

  // 1. Sanctions (二章8–9节, 一章3节5–7, 二章3节6, 三章6K).
  const sanctions = applySanctions(tournament.rounds, options.sanctions ?? [], named);
  if (!sanctions.ok) return sanctions;
  const effects = sanctions.value;
  notes.push(...effects.notes);

  // 2. Withdrawals (二章7节), removals (二章8节11) and disqualifications (二章8节3).
  const withdrawals = new Map<string, Withdrawal>();
  const addWithdrawal = (entry: string, afterRound: number, reason: WithdrawalReason, path: string): StandingsResult<true> => {
    if (!ids.has(entry)) return fail('unknown_entry', `${path}: unknown entry '${entry}'`, path);
    const prev = withdrawals.get(entry);
    if (!prev) withdrawals.set(entry, { afterRound, reason });
    else {
      // The entry leaves at its earliest recorded round, for the gravest recorded reason: 二章8节3
      // 取消其比赛权利及积分 cancels the points even when the server recorded the colluder's
      // departure as an ordinary withdrawal first (issue 22).
      const graver = REASON_GRAVITY[reason] > REASON_GRAVITY[prev.reason] ? reason : prev.reason;
      withdrawals.set(entry, { afterRound: Math.min(afterRound, prev.afterRound), reason: graver });
    }
    return ok(true);
  };
  for (const e of tournament.entries) {
    if (e.withdrawnAfterRound !== undefined) addWithdrawal(e.id, e.withdrawnAfterRound, 'withdrawal', 'entries');
  }
  for (const [k, w] of (options.withdrawals ?? []).entries()) {
    const r = addWithdrawal(w.entry, w.afterRound, w.reason ?? 'withdrawal', `withdrawals[${k}]`);
    if (!r.ok) return r;
  }
  for (const r of effects.removals) {
    // In a team event the player leaves, not the team: only the lost game counts.
    if (eventKind === 'individual') addWithdrawal(r.player, r.afterRound, 'removal', 'sanctions');
    else notes.push(`${named(r.player)} removed from the event after round ${r.afterRound} (二章8节11)`);
  }
  for (const [k, d] of effects.disqualifications.entries()) {
    const r = addWithdrawal(d.entry, d.afterRound, 'disqualification', `sanctions (collusion) disqualify[${k}]`);
    if (!r.ok) return r;
  }
  const beforeStart = new Set([...withdrawals].filter(([, w]) => w.afterRound <= 0).map(([id]) => id));
  const checked = checkRoundEntries(tournament.rounds, ids, beforeStart);
  if (!checked.ok) return checked;
  const active = tournament.entries.filter((e) => !beforeStart.has(e.id));
  const w = applyWithdrawals({
    format,
    rounds: tournament.rounds,
    withdrawals,
    activeEntries: active.length,
    cycles: options.roundRobinCycles ?? 1,
    overrides: effects.overrides,
  });
  if (format === 'round-robin') {
    // 二章7节3: say which way the half-way rule went, counted in opponents met (已赛对手).
    for (const st of w.statuses) {
      if (st.afterRound <= 0 || st.opponentsPlayed === undefined) continue;
      const met = `${named(st.entry)} left after round ${st.afterRound} having met ${st.opponentsPlayed} of ${st.opponents} opponents over the board`;
      notes.push(
        st.annulled
          ? `${met} (fewer than half): every result of ${named(st.entry)} is annulled, its opponents' points against it included (二章7节3)`
          : `${met} (half or more): its results stand, its remaining games are forfeit wins for the opponents (二章7节3)`,
      );
    }
  }
  if (format === 'swiss') {
    // 二章7节4: a withdrawn entry is not paired again; a pairing after its withdrawal is scored as a forfeit.
    for (const round of tournament.rounds) {
      for (const p of round.pairings) {
        const winner = w.forfeits.get(p);
        if (winner === undefined || w.annulled.has(p.red) || w.annulled.has(p.black)) continue;
        const gone = winner === 'double' ? `${named(p.red)} and ${named(p.black)}` : named(winner === 'red' ? p.black : p.red);
        notes.push(
          `round ${round.round}: ${gone} had left the event; ${named(p.red)}–${named(p.black)} scored as ${winner === 'double' ? 'a double forfeit' : `a forfeit win for ${named(winner === 'red' ? p.red : p.black)}`} (二章7节4)`,
        );
      }
    }
  }

  // 3. Records and totals (二章5节).
  // A round-robin with an odd number of entries gives each one a rest round (轮空, 附录6): no game,
  // no points unless byePoints says otherwise. In a Swiss a bye scores a win by default.
  const restRound = format === 'round-robin' && tournament.options.byePoints === undefined;
  const byeScore = tournament.options.byePoints ?? (restRound ? 0 : WIN_POINTS);
  const byeGamePoints = options.byeGamePoints ?? (restRound ? 0 : WIN_POINTS * gamesPerPairing * boards);
  const lastRound = new Map([...withdrawals].map(([id, x]) => [id, x.afterRound]));
  const built = buildRecords({
    eventKind,
    gamesPerPairing,
    boards,
    entries: tournament.entries,
    rounds: tournament.rounds,
    gameOverrides: effects.overrides,
    pairingForfeits: w.forfeits,
    annulledEntries: w.annulled,
    lastRound,
    byeScore,
    byeGamePoints,
    firstGameOnlyRounds: options.firstGameOnlyRounds ? new Set(options.firstGameOnlyRounds) : undefined,
  });
  if (!built.ok) return built;
  const records = built.value;
  const withdrawnAfterStart = new Set([...withdrawals].filter(([, x]) => x.afterRound > 0).map(([id]) => id));
  const totals = computeTotals({ records, settings: counting, fouls: effects.fouls, withdrawn: withdrawnAfterStart, boards });
  const ctx: CriterionContext = { records, totals, settings: counting, scoring };

  // 4. Ranking (二章6节, 附录1–5), then a recorded lot.
  const excluded: Standings['excluded'] = [];
  const participants: number[] = [];
  for (const id of options.rankOnly ?? []) if (!ids.has(id)) return fail('unknown_entry', `rankOnly: unknown entry '${id}'`, 'rankOnly');
  const rankOnly = options.rankOnly ? new Set(options.rankOnly) : undefined;
  tournament.entries.forEach((e, i) => {
    const wd = withdrawals.get(e.id);
    if (beforeStart.has(e.id)) excluded.push({ entry: e.id, reason: 'withdrawn_before_round_1' });
    else if (wd?.reason === 'disqualification') excluded.push({ entry: e.id, reason: 'disqualified' });
    else if (w.annulled.has(e.id)) excluded.push({ entry: e.id, reason: 'results_annulled' });
    else if (!rankOnly || rankOnly.has(e.id)) participants.push(i);
  });
  let lot: Lot | undefined;
  if (options.lot?.order) {
    for (const id of options.lot.order) if (!ids.has(id)) return fail('unknown_entry', `lot.order: unknown entry '${id}'`, 'lot.order');
    lot = lotFromOrder(options.lot.order);
  } else if (options.lot?.seed !== undefined) {
    lot = lotFromSeed(options.lot.seed, active);
  }
  const ranked = rankEntries({ ctx, chain: chain.value.steps, participants, lot });

  const steps = chain.value.steps;
  const sScale = scoreScale(records, scoring);
  const gpScale = gamePointsScale(scoring);
  const scales = steps.map((s) => CRITERIA[s.criterion].scale(ctx));
  const display = (v: CriterionValue | null, scale: number): DisplayValue | null => {
    if (v === null) return null;
    if (typeof v === 'number') return v / scale;
    const out: number[] = [];
    for (let k = 0; k < v.length; k++) out.push(v[k] / scale);
    return out;
  };
  const rows: StandingRow[] = ranked.map((r) => {
    const e = tournament.entries[r.index];
    const values: StandingRow['values'] = {};
    for (let k = 0; k < steps.length; k++) values[steps[k].criterion] = display(r.values[k], scales[k]);
    let decidedBy: Decision | null = null;
    if (r.separation && r.separation.step !== 0) {
      const sep = r.separation;
      const scale = sep.step >= 0 ? scales[sep.step] : 1;
      decidedBy = {
        step: sep.step,
        criterion: sep.criterion,
        label: sep.step >= 0 ? steps[sep.step].label : '抽签 (recorded lot)',
        rule: sep.step >= 0 ? steps[sep.step].rule : 'lot',
        previous: display(sep.values[0], scale),
        current: display(sep.values[1], scale),
      };
    }
    const row: StandingRow = {
      rank: r.rank,
      entry: e.id,
      drawNumber: e.drawNumber,
      score: totals.score[r.index] / sScale,
      values,
      decidedBy,
      sharedRank: r.tied,
    };
    if (e.name) row.name = e.name;
    const wd = withdrawals.get(e.id);
    if (wd) row.withdrawn = wd;
    return row;
  });

  const roundNumbers = [...new Set(tournament.rounds.map((r) => r.round))].sort((a, b) => a - b);
  const order = ranked.map((r) => r.index);
  const entryId = (i: number) => tournament.entries[i].id;
  const standings: Standings = {
    eventKind,
    format,
    scoring,
    gamesPerPairing,
    chainId: chain.value.id,
    chain: steps,
    counting,
    rounds: roundNumbers,
    rows,
    excluded,
    withdrawals: w.statuses,
    discipline: {
      fouls: [...effects.fouls].map(([player, f]) => ({ player, ...f })).sort((x, y) => (x.player < y.player ? -1 : 1)),
      ladder: effects.ladder,
      timeAdjustments: effects.timeAdjustments,
      penalties: penaltiesOf(records),
    },
    pending: records.pending.map((p) => ({ round: p.round, red: entryId(p.a), black: entryId(p.b) })),
    notes,
  };
  const ranking = new Set(participants);
  const excludedIdx = tournament.entries.map((_, i) => i).filter((i) => !ranking.has(i) && !beforeStart.has(entryId(i)));
  if (format === 'round-robin') standings.crosstable = crosstable(records, [...order, ...excludedIdx], sScale);
  else standings.progressive = progressiveScores(records, order, roundNumbers, sScale);
  if (eventKind === 'team') {
    standings.teamMatches = teamMatches(records, gpScale);
    standings.members = memberResults(records, gpScale, options.reserveBoards);
  }
  return ok(standings);
}

/** Games decided by a ruling during play (一章3节5–7, 二章3节6, 二章8节10–11, 三章6K). */
function penaltiesOf(records: Records): Standings['discipline']['penalties'] {
  const out: Standings['discipline']['penalties'] = [];
  for (const m of records.matches) {
    for (const g of m.games) {
      if (g.result !== 'red_win_penalty' && g.result !== 'black_win_penalty') continue;
      out.push({
        round: m.round,
        board: g.board,
        ...(g.leg !== undefined && { leg: g.leg }),
        red: g.red,
        black: g.black,
        result: g.result,
        ...(g.penaltyReason && { reason: g.penaltyReason }),
      });
    }
  }
  return out;
}

/** An entry's or team member's name for the notes: "name (#draw number)" where the file gives one, else its id in quotes. */
function nameOfIn(tournament: Tournament): (id: string) => string {
  const names = new Map<string, string>();
  for (const e of tournament.entries) {
    if (e.name) names.set(e.id, `${e.name} (#${e.drawNumber})`);
    for (const m of e.members ?? []) if (m.name) names.set(m.id, m.name);
  }
  return (id) => names.get(id) ?? `'${id}'`;
}
