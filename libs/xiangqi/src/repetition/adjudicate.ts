/**
 * `adjudicate()` — decide a repeated position the way an AXF arbiter does (四章 棋例), or by the
 * CXA rules. Entry point of the repetition module.
 *
 * ```ts
 * const r = adjudicate({ fen, moves: 'c2a2 a7b7 a2b2 b7a7 c2a2', rules: 'axf' });
 * if (r.ok) r.value.result; // 'red_loses' | 'black_loses' | 'draw' | 'none'
 * ```
 */
import { makeIccs } from '../iccs';
import { Position } from '../position';
import { parseRecordText } from '../pgn';
import { importGame } from '../record';
import { Result, Side, err, ok, opposite } from '../types';
import { CYCLE_READINGS, Cycle, CycleReading, Replay, findCycle, repetitionRuns, replay, splitMoves } from './cycle';
import { positionFromFen } from './lenient';
import { explain, explainNone } from './explain';
import { PlyAnalysis, analysePly, dropHeldCounterChases } from './move-kinds';
import { PATTERN_LABELS } from './patterns';
import { DEFAULT_MATE_SEARCH_CHECKS, threatensMate } from './search';
import { Adjudication, AdjudicationInput, CycleInfo, CycleReport, MoveAnalysis, RULE_SETS, RepetitionInputError, RuleSet, SideSummary } from './types';
import { SideFacts, VerdictOutcome, sideFacts, verdictAxf } from './verdict-axf';
import { sideFactsCxa, verdictCxa } from './verdict-cxa';
import { makeSquareName } from '../types';

function emptySide(): SideSummary {
  return { pattern: 'idle', label: PATTERN_LABELS.idle, kinds: [], violation: false, chased: [], reason: 'no cycle' };
}

function summary(f: SideFacts): SideSummary {
  const chased = f.violating.map((recs) => {
    const last = recs[recs.length - 1];
    return { role: last.targetRole, square: makeSquareName(last.targetSquare) };
  });
  return {
    pattern: f.pattern,
    label: PATTERN_LABELS[f.pattern],
    kinds: f.plies.map((p) => p.primary),
    violation: f.violation || f.perpetualCheck,
    chased,
    reason: f.reason,
  };
}

function strip(p: PlyAnalysis): MoveAnalysis {
  return { ply: p.ply, iccs: p.iccs, side: p.side, piece: p.piece, primary: p.primary, kinds: p.kinds };
}

interface Judged {
  outcome: VerdictOutcome;
  plies: PlyAnalysis[];
  red: SideFacts;
  black: SideFacts;
  info: CycleInfo;
}

/** Analyse the moves of one cycle and give the verdict. */
function judge(r: Replay, cycle: Cycle, rules: RuleSet, mateChecks: number): Judged {
  // piece identities along the cycle, so a chased piece is followed as it moves
  const ids: Int32Array[] = [];
  let cur = new Int32Array(90).fill(-1);
  for (const { square } of r.positions[cycle.start].pieces()) cur[square] = square;
  ids.push(cur);
  for (let i = cycle.start; i < cycle.end; i++) {
    const m = r.moves[i];
    cur = new Int32Array(cur);
    cur[m.to] = cur[m.from];
    cur[m.from] = -1;
    ids.push(cur);
  }

  // 杀 of each ply (the mover threatens mate after its move), needed for 拦 of the next ply
  const n = cycle.end - cycle.start;
  const mover = (i: number): Side => r.positions[cycle.start + i].turn;
  const threat: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const post = r.positions[cycle.start + i + 1];
    threat.push(!post.isCheck(opposite(mover(i))) && threatensMate(post, mover(i), mateChecks));
  }

  const plies: PlyAnalysis[] = [];
  for (let i = 0; i < n; i++) {
    const k = cycle.start + i;
    plies.push(
      analysePly({
        pre: r.positions[k],
        post: r.positions[k + 1],
        move: r.moves[k],
        ply: k + 1,
        mover: mover(i),
        preIds: ids[i],
        postIds: ids[i + 1],
        rules,
        opponentThreatBefore: threat[(i + n - 1) % n],
        opponentLastMove: r.moves[cycle.start + ((i + n - 1) % n)],
        mateThreat: threat[i],
        mateChecks,
        // the previous ply analysed this position for this side already (its defender's captures)
        preCaptures: i > 0 ? plies[i - 1].postDefenderCaptures : undefined,
      }),
    );
  }

  dropHeldCounterChases(plies, rules); // 细则 14 (narrow)
  const bySide = (s: Side) => plies.filter((p) => p.side === s);
  const facts = rules === 'cxa' ? sideFactsCxa : sideFacts;
  const red = facts('red', bySide('red'));
  const black = facts('black', bySide('black'));
  const outcome = rules === 'cxa' ? verdictCxa(red, black) : verdictAxf(red, black);
  const info = { startPly: cycle.start + 1, endPly: cycle.end, plies: n, occurrences: cycle.occurrences };
  return { outcome, plies, red, black, info };
}

function report(j: Judged, firstRepeatPly: number, final: boolean): CycleReport {
  return {
    ...j.info,
    result: j.outcome.result,
    firstRepeatPly,
    final,
    sides: {
      red: { pattern: j.red.pattern, violation: j.red.violation || j.red.perpetualCheck },
      black: { pattern: j.black.pattern, violation: j.black.violation || j.black.perpetualCheck },
    },
    articles: j.outcome.articles,
  };
}

/** The first ply (1-based) of the run of repeated positions that ends at `end` plies. */
function runStart(r: Replay, end: number): number {
  const first = new Map<string, number>();
  r.keys.forEach((k, i) => {
    if (!first.has(k)) first.set(k, i);
  });
  let j = end;
  while (j > 0 && first.get(r.keys[j - 1])! < j - 1) j--;
  return j;
}

export function adjudicate(input: AdjudicationInput): Result<Adjudication, RepetitionInputError> {
  if (!input || typeof input !== 'object') return err(new RepetitionInputError('bad_input', 'expected { fen, moves, rules }'));
  const rules: RuleSet = input.rules ?? 'axf';
  if (!RULE_SETS.includes(rules)) return err(new RepetitionInputError('bad_input', `unknown rule set '${String(rules)}' (axf or cxa)`));
  const reading: CycleReading = input.cycleReading ?? 'shortest';
  if (!CYCLE_READINGS.includes(reading)) {
    return err(new RepetitionInputError('bad_input', `unknown cycle reading '${String(reading)}' (shortest or window)`));
  }
  let moves: string | readonly string[] = input.moves ?? [];
  let fen = input.fen;
  const lenient = input.lenient === true;
  let warnings: string[] = [];
  if (input.record !== undefined) {
    if (typeof input.record !== 'string') return err(new RepetitionInputError('bad_input', 'record must be a string'));
    if (lenient) {
      // the record's FEN tag may be only leniently valid: take its move texts and replay them here
      const parsed = parseRecordText(input.record);
      if (!parsed.ok) return err(new RepetitionInputError('bad_record', `bad game record: ${parsed.error.message}`, { cause: parsed.error }));
      fen = parsed.value.tags.FEN ?? fen;
      moves = parsed.value.moves;
    } else {
      const game = importGame(input.record, fen ? { fen } : {});
      if (!game.ok) return err(new RepetitionInputError('bad_record', `bad game record: ${game.error.message}`, { cause: game.error }));
      fen = game.value.startFen;
      moves = game.value.plies.map((p) => makeIccs(p.move));
    }
  }
  if (typeof moves !== 'string' && !Array.isArray(moves)) {
    return err(new RepetitionInputError('bad_input', 'moves must be a string or an array of moves'));
  }
  let start: Position;
  if (fen === undefined || fen === null || fen === '') start = Position.default();
  else {
    if (typeof fen !== 'string') return err(new RepetitionInputError('bad_fen', 'fen must be a string'));
    const p = positionFromFen(fen, lenient);
    if (!p.ok) return err(new RepetitionInputError('bad_fen', `bad FEN: ${p.error.message}`, { cause: p.error }));
    start = p.value.position;
    warnings = p.value.warnings;
  }
  const mateChecks = input.mateSearchChecks ?? DEFAULT_MATE_SEARCH_CHECKS;
  const played = replay(start, splitMoves(moves));
  if (!played.ok) return played;
  const r = played.value;
  const extra = warnings.length > 0 ? { warnings } : {};

  // every repetition of the record (issue 14), the last one judged below if it reaches the end
  const cycles: CycleReport[] = [];
  const n = r.moves.length;
  for (const end of repetitionRuns(r)) {
    if (end === n) continue;
    const c = findCycle(r, reading, end)!;
    cycles.push(report(judge(r, c, rules, mateChecks), runStart(r, end), false));
  }

  const cycle = findCycle(r, reading);
  if (!cycle) {
    return ok({
      result: 'none',
      rules,
      cycle: null,
      cycles,
      cycleReading: reading,
      sides: { red: emptySide(), black: emptySide() },
      moves: [],
      articles: [],
      explanation: explainNone(r.moves.length, cycles),
      ...extra,
    });
  }
  const j = judge(r, cycle, rules, mateChecks);
  cycles.push(report(j, runStart(r, n), true));
  return ok({
    result: j.outcome.result,
    rules,
    cycle: j.info,
    cycles,
    cycleReading: reading,
    sides: { red: summary(j.red), black: summary(j.black) },
    moves: j.plies.map(strip),
    articles: j.outcome.articles,
    explanation: explain(j.outcome, j.info, rules),
    ...extra,
  });
}

/** Many cases in order (the CLI's `--batch`). */
export function adjudicateBatch(items: readonly AdjudicationInput[], rules?: RuleSet): Result<Adjudication, RepetitionInputError>[] {
  return items.map((item) => adjudicate({ ...item, rules: item.rules ?? rules }));
}
