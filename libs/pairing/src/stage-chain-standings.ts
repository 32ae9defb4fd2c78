/**
 * The final places of an event of more than one stage ('stage-chain', 二章1节3 分阶段混合采用): the
 * event is placed by its LAST stage, then the entries that did not reach it by the stage before,
 * and so on (issue 22: a Swiss → knockout event ranked by summed points put the final's loser
 * first). As the championships do (附录2 #10 以淘汰赛决定前四名，其余…依积分高低定名次; 附录3 #2),
 * and one code path for the page, the CSV and `chuhe standings` (standings-report.ts).
 *
 * Places a stage gives its own field:
 *   knockout            the winner 1st, the final's loser 2nd; the losers of an earlier round share
 *                       the place after those who went further (semi-final losers shared 3rd, the
 *                       quarter-final losers shared 5th …) — the chain's knockout has no third-place
 *                       match (stage-chain.ts). Inside a shared place the earlier stage's order lists
 *                       them (it does not split the place: Chuhe's choice, the rules are silent).
 *                       Undecided: a range, status 'pending' (a player in the semi-finals: 1–4).
 *   round_robin,        the stage's own standings among its field (libs/standings with the rules'
 *   double, swiss       default chain, 二章6节), as the chain ranks qualifiers (stage-chain.ts rankAfter).
 *   group_round_robin   by place in the group, the same place shared across groups (group winners
 *                       share the first place of the tier) — Chuhe's choice.
 * A stage not finished gives 'provisional' places.
 *
 * `standings` keeps the Swiss reading over every round (the columns of the page's table, the
 * crosstable): a knockout pairing counts its first game only (stageChainKnockoutRounds).
 */
import { Result } from '@chuhe/tournament';
import type { Tournament } from '@chuhe/tournament';
import { Standings, StandingsOptions, StandingRow, computeStandings } from '@chuhe/standings';
import { PlaceStatus } from './championship-standings';
import { ChainKnockoutMatch, StagePosition, stageChainKnockoutRounds, stageKnockoutRounds, stageOrder, stagePlan } from './stage-chain';

/**
 * Why a place, as data (the pages word it in their language; `why` is the English line of the CSV
 * and `chuhe standings`). `lostIn` names the knockout round from the final back ('final',
 * 'semi_final', … as knockout-view.ts names rounds); `rank` is the place within the stage (for a
 * group stage, within the group).
 */
export type StagePlaceReason =
  | { kind: 'knockout_won' }
  | { kind: 'knockout_lost'; lostIn: 'final' | 'semi_final' | 'quarter_final' | 'round_of_16' | 'round_of_32' | 'round_of_64' | 'knockout_round' }
  | { kind: 'knockout_pending'; upTo: number }
  | { kind: 'stage_rank'; stageType: string; rank: number; group: boolean }
  | { kind: 'by_table' };

export interface StagePlace {
  /** The place (the first of a shared or pending range). */
  place: number;
  /** [from, to]: a shared place or a pending range spans several. */
  places: [number, number];
  /** Several entries hold this place together (knockout losers of one round, group tiers). */
  shared: boolean;
  entry: string;
  name?: string;
  drawNumber: number;
  status: PlaceStatus;
  basis: 'knockout' | 'standings';
  /** The stage (1-based) whose result gives the place. */
  stage: number;
  /** The entry's row of the whole event's table. */
  row?: StandingRow;
  why: string;
  reason: StagePlaceReason;
  /** The stage (1-based) the entry did not reach, when the place comes from an earlier one. */
  notReached?: number;
}

export interface StageChainStandings {
  system: 'stage-chain';
  /** The stage now played (1-based), and how many there are. */
  stage: number;
  stages: number;
  complete: boolean;
  places: StagePlace[];
  excluded: Standings['excluded'];
  /** The knockout matches, one line each. */
  knockouts: string[];
  pending: string[];
  standings: Standings;
  notes: string[];
}

const ordinal = (n: number): string => {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

const ROUND_NAME = (fromEnd: number): string =>
  fromEnd === 0 ? 'final' : fromEnd === 1 ? 'semi-final' : fromEnd === 2 ? 'quarter-final' : `round of ${2 ** (fromEnd + 1)}`;
const ROUND_KEYS = ['final', 'semi_final', 'quarter_final', 'round_of_16', 'round_of_32', 'round_of_64'] as const;
const roundKey = (fromEnd: number) => ROUND_KEYS[fromEnd] ?? 'knockout_round';

interface Tier {
  entries: string[];
  /** Places the tier spans relative to its stage: [from, to]. */
  span: [number, number];
  shared: boolean;
  status: PlaceStatus;
  why: (id: string) => string;
  reason: (id: string) => StagePlaceReason;
}

/** A knockout stage's tiers from its bracket (see the file comment). */
function knockoutTiers(
  pos: StagePosition,
  field: readonly string[],
  rounds: readonly ChainKnockoutMatch[][],
): { tiers: Tier[]; lines: string[]; complete: boolean } {
  const R = pos.rounds;
  const size = field.length;
  const lines: string[] = [];
  const out = new Map<string, number>(); // entry → stage round it lost in
  let champion: string | null = null;
  const alive = new Map<string, number>(); // entry → upper bound of its range
  for (const id of field) alive.set(id, Math.min(size, 2 ** R));
  for (const [i, matches] of rounds.entries()) {
    const sr = i + 1;
    // An entrant missing from its round withdrew: the opponent had a walkover (stage-chain.ts).
    const present = new Set(matches.flatMap((m) => (m.bottom === null ? [m.top] : [m.top, m.bottom])));
    for (const id of [...alive.keys()]) {
      if (present.has(id)) continue;
      out.set(id, sr);
      alive.delete(id);
    }
    for (const m of matches) {
      if (m.bottom === null) {
        alive.set(m.top, Math.min(size, 2 ** (R - sr)));
        continue;
      }
      const name = `${ROUND_NAME(R - sr)} ${m.top}–${m.bottom} (round ${m.round})`;
      if (m.winner === undefined) {
        lines.push(`${name}: not decided`);
        continue;
      }
      const loser = m.winner === m.top ? m.bottom : m.top;
      lines.push(`${name}: ${m.winner} beat ${loser}`);
      out.set(loser, sr);
      alive.delete(loser);
      alive.set(m.winner, Math.min(size, 2 ** (R - sr)));
      if (sr === R) champion = m.winner;
    }
  }
  const order = new Map(field.map((id, i) => [id, i]));
  const byField = (a: string, b: string) => order.get(a)! - order.get(b)!;
  const tiers: Tier[] = [];
  if (champion !== null) {
    tiers.push({ entries: [champion], span: [1, 1], shared: false, status: 'final', why: () => 'won the final', reason: () => ({ kind: 'knockout_won' }) });
  } else if (alive.size > 0) {
    // Still in: the place is a range until the bracket decides it.
    const still = [...alive.keys()].sort((a, b) => alive.get(a)! - alive.get(b)! || byField(a, b));
    for (const id of still)
      tiers.push({
        entries: [id],
        span: [1, alive.get(id)!],
        shared: false,
        status: 'pending',
        why: () => `still in the knockout: places 1–${alive.get(id)!}`,
        reason: () => ({ kind: 'knockout_pending', upTo: alive.get(id)! }),
      });
  }
  for (let sr = R; sr >= 1; sr--) {
    const lost = [...out]
      .filter(([, r]) => r === sr)
      .map(([id]) => id)
      .sort(byField);
    if (lost.length === 0) continue;
    const from = 2 ** (R - sr) + 1;
    const to = Math.min(size, 2 ** (R - sr + 1));
    tiers.push({
      entries: lost,
      span: [from, to],
      shared: to > from,
      status: 'final',
      why: () => `lost in the ${ROUND_NAME(R - sr)}${to > from ? ` (shared ${ordinal(from)})` : ''}`,
      reason: () => ({ kind: 'knockout_lost', lostIn: roundKey(R - sr) }),
    });
  }
  return { tiers, lines, complete: champion !== null };
}

/**
 * The places of a stage-chain event (see the file comment). `options` are the file's standings
 * extras; the table's format is Swiss unless the options say otherwise.
 */
export function stageChainStandings(
  tournament: Tournament,
  options: StandingsOptions = {},
): Result<StageChainStandings, { code: 'standings_failed' | 'stages_invalid'; message: string }> {
  const plan = stagePlan(tournament);
  if (!plan.ok) return { ok: false, error: { code: 'stages_invalid', message: plan.error.message } };
  const knockoutRounds = stageChainKnockoutRounds(tournament);
  const computed = computeStandings(tournament, {
    ...options,
    format: options.format ?? 'swiss',
    firstGameOnlyRounds: [...new Set([...(options.firstGameOnlyRounds ?? []), ...knockoutRounds])],
  });
  if (!computed.ok) return { ok: false, error: { code: 'standings_failed', message: computed.error.message } };
  const standings = computed.value;
  const notes: string[] = [];
  const pending: string[] = [];
  const knockouts: string[] = [];
  const lastRound = Math.max(0, ...tournament.rounds.map((r) => r.round));
  const stages = plan.value;
  const current = [...stages].reverse().find((s) => s.firstRound <= Math.max(1, lastRound)) ?? stages[0];
  const excluded = new Set(standings.excluded.map((e) => e.entry));
  const rowOf = new Map(standings.rows.map((r) => [r.entry, r]));
  const byId = new Map(tournament.entries.map((e) => [e.id, e]));
  const places: StagePlace[] = [];
  const placed = new Set<string>();
  let offset = 0;

  for (let i = current.index; i >= 0; i--) {
    const pos = stages[i];
    const stageNo = i + 1;
    const stageEnd = pos.firstRound + pos.rounds - 1;
    let tiers: Tier[];
    if (pos.stage.type === 'knockout') {
      const k = stageKnockoutRounds(tournament, stages, i);
      if (!k.ok) return { ok: false, error: { code: 'stages_invalid', message: k.error.message } };
      const kt = knockoutTiers(pos, k.value.field, k.value.rounds);
      knockouts.push(...kt.lines);
      if (!kt.complete) pending.push(`the knockout (stage ${stageNo}) is not finished: places 1–${k.value.field.length} are decided by it`);
      tiers = kt.tiers;
    } else {
      // A stage is final once its rounds are all played; an earlier stage always is (the next was paired from it).
      let order = stageOrder(tournament, stages, i, false);
      let provisional = lastRound < stageEnd;
      if (!order.ok) {
        order = stageOrder(tournament, stages, i, true);
        provisional = true;
        if (!order.ok) return { ok: false, error: { code: 'stages_invalid', message: order.error.message } };
      }
      if (provisional) pending.push(`stage ${stageNo} (${pos.stage.type}) is not finished: the places it gives are provisional`);
      let at = 1;
      tiers = order.value.tiers.map((entries, k) => {
        const span: [number, number] = [at, at + entries.length - 1];
        at += entries.length;
        const rule =
          pos.stage.type === 'group_round_robin'
            ? `${ordinal(k + 1)} of its group in stage ${stageNo}`
            : `${ordinal(span[0])} of stage ${stageNo} (${pos.stage.type})`;
        const reason: StagePlaceReason = {
          kind: 'stage_rank',
          stageType: pos.stage.type,
          rank: pos.stage.type === 'group_round_robin' ? k + 1 : span[0],
          group: pos.stage.type === 'group_round_robin',
        };
        return { entries, span, shared: entries.length > 1, status: provisional ? 'provisional' : 'final', why: () => rule, reason: () => reason };
      });
    }
    // A knockout's places are its bracket's (ranges overlap while undecided); any other stage's come
    // one after another, after those the later stages gave (entries that went on are skipped).
    const bracket = pos.stage.type === 'knockout';
    let next = offset + 1;
    for (const tier of tiers) {
      const entries = tier.entries.filter((id) => !placed.has(id) && !excluded.has(id));
      if (entries.length === 0) continue;
      const from = bracket ? offset + tier.span[0] : next;
      const to = bracket ? offset + tier.span[1] : from + entries.length - 1;
      for (const id of entries) {
        const e = byId.get(id)!;
        const p: StagePlace = {
          place: from,
          places: [from, to],
          shared: tier.shared && entries.length > 1,
          entry: id,
          drawNumber: e.drawNumber,
          status: tier.status,
          basis: pos.stage.type === 'knockout' ? 'knockout' : 'standings',
          stage: stageNo,
          why: `${tier.why(id)}${i < current.index ? ` — did not reach stage ${i + 2}` : ''}`,
          reason: tier.reason(id),
        };
        if (i < current.index) p.notReached = i + 2;
        if (e.name) p.name = e.name;
        const row = rowOf.get(id);
        if (row) p.row = row;
        places.push(p);
        placed.add(id);
      }
      next = Math.max(next, to + 1);
    }
    offset = Math.max(offset, next - 1);
  }
  // Entries in no stage's field (e.g. withdrawn before it): after every stage, by the table.
  for (const row of standings.rows) {
    if (placed.has(row.entry)) continue;
    offset += 1;
    const p: StagePlace = {
      place: offset,
      places: [offset, offset],
      shared: false,
      entry: row.entry,
      drawNumber: row.drawNumber,
      status: 'provisional',
      basis: 'standings',
      stage: 1,
      row,
      why: 'in no stage’s ranking: by the table',
      reason: { kind: 'by_table' },
    };
    if (row.name) p.name = row.name;
    places.push(p);
  }
  notes.push(`placed by the last stage played (stage ${current.index + 1} of ${stages.length}), then the others by the stage before (二章1节3)`);
  if (knockoutRounds.length)
    notes.push(
      `rounds ${knockoutRounds.join(', ')}: a knockout match counts its first game only in the table; its tie-break games decide the match (附录2 7b)`,
    );
  const complete = current.index === stages.length - 1 && pending.length === 0 && standings.pending.length === 0 && places.every((p) => p.status === 'final');
  return {
    ok: true,
    value: {
      system: 'stage-chain',
      stage: current.index + 1,
      stages: stages.length,
      complete,
      places,
      excluded: standings.excluded,
      knockouts,
      pending,
      standings,
      notes,
    },
  };
}
