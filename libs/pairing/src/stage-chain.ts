/**
 * The stage chain ('stage-chain'): an event whose format is a chain of stages (二章1节3: 赛制可
 * 采用循环制、积分编排制、淘汰制, 也可分阶段混合采用) — e.g. 5 Swiss rounds then a knockout of the best
 * 8, a group round-robin then a knockout, or a standalone knockout. Given the tournament file it
 * decides which stage the next round belongs to and pairs it with that stage's system:
 *
 *   swiss                Swiss 积分编排 (swiss-individual / swiss-team) over ALL rounds so far
 *                        (scores and history carry over from earlier stages).
 *   round_robin /        the 附录6 table (single, or double with colours reversed in cycle 2).
 *   double_round_robin
 *   group_round_robin    the field dealt into `groups` groups in a snake by seeding
 *                        (group-round-robin.ts); each group plays its own 附录6 table, group A
 *                        first. A group whose table is shorter sits the last round(s) out.
 *   knockout             淘汰赛 (knockout-bracket.ts): standard seeding (1 and 2 meet only in the
 *                        final), byes for the top seeds when the field is not a power of two; each
 *                        later round from the winners, in bracket order. A match is ONE pairing; a
 *                        drawn game is followed by tie-break games as knockout-match.ts defines, with
 *                        the 5+2 match rules of 附录2 7b (FIVE_PLUS_TWO_KNOCKOUT: slow game; drawn →
 *                        a rapid game with colours reversed; drawn again → the player who had Black
 *                        in it wins, "正赛及快棋赛均和再和则以执后手者为胜") — the rules give no other
 *                        knockout match rule, and the server's results module applies the same
 *                        (knockout-match-games.ts knockoutFormatOf). No third-place match.
 *
 * ## Options read (tournament.options)
 *   stages   [{ type, rounds?, groups?, qualifiers? }, …] in order (the server's Event.stages).
 *            `rounds` (Swiss only): its number of rounds. `groups` (group round-robin only).
 *            `qualifiers` (any stage but the first): how many of the ranking after the previous
 *            stage play this stage; default every entry still active. A knockout after another
 *            stage needs it. After a group stage it must be a multiple of the number of groups.
 *   championshipLots / championshipLotSeed / colourLotSeed — the knockout colour lot, as the
 *            championships read them (keys 'knockout stage S round R match M').
 *   stageFields  { [stage index]: [entry id, …] } — the field a later stage began with, in its
 *            seeding order (the server's Stage.entryIds). Read once a round of that stage is stored:
 *            from then on the stage is played by the field it began with (see recordedField).
 *
 * ## Fields, seeding and rounds per stage (choices where the rules are silent, documented)
 *   - The first stage is played by every entry active in round 1, in seeding order (seed, rating,
 *     draw number: swiss-field.ts seedingOrder). A round-robin first stage places entries on the
 *     table by draw number (附录6 用法 1), as the 'round-robin' system does.
 *   - A later stage is played by the first `qualifiers` of the ranking after the previous stage,
 *     among the entries active in the stage's first round (a withdrawn one is replaced by the next).
 *     The ranking is libs/standings with the rules' default chain for the previous stage's format
 *     (二章6节2–5): a Swiss stage is ranked over all rounds so far; a round-robin stage over its own
 *     rounds, among its own field. After a group stage: the group winners in group order (A, B …),
 *     then the runners-up, and so on — with standard seeding, two players of one group do not meet
 *     in the knockout's first round. A later round-robin places the ranking's first on number 1.
 *   - That field is fixed when the stage's first round is stored (options.stageFields): an earlier
 *     stage's result corrected later moves the standings, not the stage's field or its bracket.
 *   - Stages after a knockout are refused (a knockout ranks only its winner).
 *   - Rounds: Swiss `rounds`; round-robin N − 1 (N even) or N; double twice that; groups the
 *     longest group table; knockout log2 of the bracket size.
 *   - Knockout colours: 附录2 7b's rule for the championship's knockout ("先平衡先后手, 如先后次数相同,
 *     则在现场抽签决定先后手"): the player with fewer Reds relative to Blacks gets Red, else the lot.
 *   - A knockout entrant withdrawn before the round gives the opponent a walkover; both withdrawn:
 *     refused, the chief arbiter decides.
 *   - A bracket bye or a walkover is NOT stored as a bye of the round (a bye scores a win in the
 *     standings, 二章5节, and could be a "second bye" for the checker): the entrant is simply not in
 *     that round and advances (stageChainKnockouts lists it with `bottom: null`).
 *   - A team event's knockout match is a team pairing (boards as any team match, lineups first):
 *     its winner by 场分, a drawn match by a rapid rematch and the organizer's decider
 *     (team-knockout-match.ts, 二章6节1); the decider's lot is recorded under
 *     'knockout stage S round R match M decider' in championshipLots, else drawn from the seed.
 *   - Standings: the stage chain has no standings of its own. libs/standings ranks the event as a
 *     Swiss over every round, counting only the first game of a knockout pairing
 *     (stageChainKnockoutRounds → `standings.firstGameOnlyRounds`); the knockout's result is the
 *     bracket (stageChainKnockouts).
 *
 * `stageOfRound` tells which stage a round belongs to (the server stores Stage rows and
 * Round.stageRound from it); `stageChainView` is the tournament as that stage sees it (entries
 * outside the stage withdrawn before it, the stage's system named) — the view the checker reads.
 */
import { Entry, Pairing, Tournament } from '@chuhe/tournament';
import { Result } from '@chuhe/tournament';
import { computeStandings } from '@chuhe/standings';
import { decideColours, seededLot } from './championship-colours';
import { entryHistories, isActiveIn } from './checker-history';
import { eventFormatProblems, roundRobinRoundCount } from './event-format';
import { groupRoundRobin } from './group-round-robin';
import { knockoutBracket, knockoutNextRound } from './knockout-bracket';
import { FIVE_PLUS_TWO_KNOCKOUT, knockoutMatchState, KnockoutMatchState } from './knockout-match';
import { PairingError, PairingRequest, PairingSystem, RoundPairing } from './pairing-system';
import { doubleRoundRobinTable, pairingGameSides, roundRobinTable } from './round-robin';
import { seedingOrder } from './swiss/swiss-field';
import { swissIndividual } from './swiss/swiss-individual';
import { swissTeam } from './swiss/swiss-team';
import { TeamKnockoutDecidedBy, teamKnockoutDeciderOption, teamKnockoutMatchState, TeamKnockoutState, TeamSide } from './team-knockout-match';

export const CHAIN_STAGE_TYPES = ['swiss', 'round_robin', 'double_round_robin', 'group_round_robin', 'knockout'] as const;
export type ChainStageType = (typeof CHAIN_STAGE_TYPES)[number];

export interface ChainStage {
  type: ChainStageType;
  rounds?: number;
  groups?: number;
  qualifiers?: number;
}

/** Where a round sits in the chain. */
export interface StagePosition {
  /** 0-based index in options.stages. */
  index: number;
  stage: ChainStage;
  /** The event round of the stage's first round. */
  firstRound: number;
  /** 1-based round within the stage. */
  stageRound: number;
  /** Rounds the stage has. */
  rounds: number;
  /** Entries the stage is for (its field size). */
  fieldSize: number;
}

type R<T> = Result<T, PairingError>;

function fail(code: PairingError['code'], message: string, entries: string[] = []): { ok: false; error: PairingError } {
  return { ok: false, error: new PairingError(code, message, entries) };
}

/** options.stages, checked. */
export function readStages(tournament: Tournament): R<ChainStage[]> {
  const raw = tournament.options.stages;
  if (!Array.isArray(raw) || raw.length === 0)
    return fail('unsupported', 'stage-chain needs options.stages, e.g. [{ "type": "swiss", "rounds": 5 }, { "type": "knockout", "qualifiers": 8 }]');
  const out: ChainStage[] = [];
  for (const [i, s] of raw.entries()) {
    const at = `options.stages[${i}]`;
    if (typeof s !== 'object' || s === null) return fail('unsupported', `${at} must be an object`);
    const st = s as Record<string, unknown>;
    if (!(CHAIN_STAGE_TYPES as readonly string[]).includes(st.type as string)) {
      return fail(
        'unsupported',
        `${at}.type must be one of ${CHAIN_STAGE_TYPES.join(', ')} (the 5+2 / 6+1 championships are whole formats), got ${JSON.stringify(st.type)}`,
      );
    }
    const type = st.type as ChainStageType;
    const int = (key: string, min: number) => st[key] === undefined || (Number.isInteger(st[key]) && (st[key] as number) >= min);
    if (!int('rounds', 1) || !int('groups', 1) || !int('qualifiers', 2))
      return fail('unsupported', `${at}: rounds and groups must be positive integers, qualifiers an integer ≥ 2`);
    out.push({
      type,
      ...(st.rounds !== undefined ? { rounds: st.rounds as number } : {}),
      ...(st.groups !== undefined ? { groups: st.groups as number } : {}),
      ...(st.qualifiers !== undefined ? { qualifiers: st.qualifiers as number } : {}),
    });
  }
  // The format's validity is stated once (event-format.ts): the server's 400s say the same.
  const problem = eventFormatProblems({ kind: tournament.options.eventKind === 'team' ? 'team' : 'individual', stages: out })[0];
  if (problem) return fail('unsupported', `options.${problem.field.replace(/^stages\.(\d+)/, 'stages[$1]')}: ${problem.reason}`);
  return { ok: true, value: out };
}

function activeIn(tournament: Tournament, round: number): Entry[] {
  return tournament.entries.filter((e) => isActiveIn(e, round));
}

/**
 * The field stage `index` began with, once a round of it (from `firstRound` on) is stored; null
 * before. 二章1节3 chains stages, and a stage is seeded from the ranking after the one before — at
 * the moment it begins. A result of an earlier stage corrected afterwards (an appeal, a misread
 * score sheet) changes the standings, not who plays the stage: its rounds are played, and
 * recomputing the field would seed a bracket that no longer holds them (the next knockout round
 * could not be paired, and an export would not import). Who qualifies is fixed when the stage's
 * first round is paired, as the Stage row records it (options.stageFields).
 */
function recordedField(tournament: Tournament, index: number, firstRound: number): R<string[] | null> {
  const fields = tournament.options.stageFields;
  if (fields === undefined || !tournament.rounds.some((r) => r.round >= firstRound)) return { ok: true, value: null };
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    return fail('unsupported', 'options.stageFields must be an object { "stage index": [entry ids] }, e.g. { "1": ["p3", "p1"] }');
  const field = (fields as Record<string, unknown>)[String(index)];
  if (field === undefined) return { ok: true, value: null };
  const known = new Set(tournament.entries.map((e) => e.id));
  if (!Array.isArray(field) || field.length < 2 || field.some((id) => typeof id !== 'string' || !known.has(id)) || new Set(field).size !== field.length)
    return fail('unsupported', `options.stageFields["${index}"] must list at least 2 different entries of the event`);
  return { ok: true, value: field as string[] };
}

const rrRounds = roundRobinRoundCount;

function stageRounds(stage: ChainStage, fieldSize: number): number {
  switch (stage.type) {
    case 'swiss':
      return stage.rounds!;
    case 'round_robin':
      return rrRounds(fieldSize);
    case 'double_round_robin':
      return 2 * rrRounds(fieldSize);
    case 'group_round_robin': {
      const g = stage.groups!;
      const largest = Math.ceil(fieldSize / g);
      const smallest = Math.floor(fieldSize / g);
      return Math.max(rrRounds(largest), smallest >= 2 ? rrRounds(smallest) : 0);
    }
    case 'knockout': {
      let size = 1;
      while (size < fieldSize) size *= 2;
      return Math.log2(size);
    }
  }
}

/** Every stage with its first round and length (from the stages and the entries' withdrawals; results not needed). */
export function stagePlan(tournament: Tournament): R<StagePosition[]> {
  const stages = readStages(tournament);
  if (!stages.ok) return stages;
  const plan: StagePosition[] = [];
  let first = 1;
  for (const [index, stage] of stages.value.entries()) {
    const active = activeIn(tournament, first).length;
    const recorded = index > 0 ? recordedField(tournament, index, first) : { ok: true as const, value: null };
    if (!recorded.ok) return recorded;
    const fieldSize = recorded.value?.length ?? (index === 0 ? active : Math.min(stage.qualifiers ?? active, active));
    if (fieldSize < 2) return fail('unsupported', `stage ${index + 1} (${stage.type}) needs at least 2 entries, it has ${fieldSize}`);
    if (stage.type === 'group_round_robin' && fieldSize < 2 * stage.groups!)
      return fail('unsupported', `stage ${index + 1}: ${fieldSize} entries cannot fill ${stage.groups} groups of at least 2`);
    const rounds = stageRounds(stage, fieldSize);
    plan.push({ index, stage, firstRound: first, stageRound: 1, rounds, fieldSize });
    first += rounds;
  }
  return { ok: true, value: plan };
}

/** The stage of event round `round` (1-based), or 'unsupported' when the format has no such round. */
export function stageOfRound(tournament: Tournament, round: number): R<StagePosition> {
  const plan = stagePlan(tournament);
  if (!plan.ok) return plan;
  const p = plan.value.find((s) => round >= s.firstRound && round < s.firstRound + s.rounds);
  if (!p) {
    const total = plan.value.reduce((n, s) => n + s.rounds, 0);
    return fail('unsupported', `the format is finished: its ${plan.value.length} stage(s) have ${total} rounds; there is no round ${round}`);
  }
  return { ok: true, value: { ...p, stageRound: round - p.firstRound + 1 } };
}

function lotSeedOf(t: Tournament): string {
  const o = t.options;
  const s = o.championshipLotSeed ?? o.colourLotSeed;
  return typeof s === 'string' ? s : (t.name ?? '');
}

/** The ranking of the entries of `field` after stage `prev` (see the file comment), best first. */
function rankAfter(t: Tournament, prev: StagePosition, field: readonly string[], provisional = false): R<string[]> {
  const last = prev.firstRound + prev.rounds - 1;
  const swiss = prev.stage.type === 'swiss';
  const rounds = t.rounds.filter((r) => r.round <= last && (swiss || r.round >= prev.firstRound));
  const rank = (entries: readonly string[], format: 'swiss' | 'round-robin'): R<string[]> => {
    const keep = new Set(entries);
    const view: Tournament = swiss
      ? { ...t, rounds }
      : {
          ...t,
          entries: t.entries.filter((e) => keep.has(e.id)),
          rounds: rounds.map((r) => ({
            ...r,
            pairings: r.pairings.filter((p) => keep.has(p.red) && keep.has(p.black)),
            byes: r.byes.filter((b) => keep.has(b)),
          })),
        };
    const s = computeStandings(view, {
      format,
      lot: { seed: lotSeedOf(t) },
      ...(prev.stage.type === 'double_round_robin' ? { roundRobinCycles: 2 } : {}),
      rankOnly: [...entries],
    });
    if (!s.ok) return fail('unsupported', `the standings after stage ${prev.index + 1} cannot be computed: ${s.error.message}`);
    if (s.value.pending.length && !provisional) {
      const games = s.value.pending.map((p) => `round ${p.round} ${p.red}–${p.black}`).join(', ');
      return fail(
        'previous_round_unfinished',
        `results missing, the ranking after stage ${prev.index + 1} is unknown: ${games}`,
        s.value.pending.flatMap((p) => [p.red, p.black]),
      );
    }
    return { ok: true, value: s.value.rows.map((r) => r.entry).filter((id) => keep.has(id)) };
  };
  if (prev.stage.type !== 'group_round_robin') return rank(field, swiss ? 'swiss' : 'round-robin');
  const tiers = groupTiers(t, prev, field, provisional);
  if (!tiers.ok) return tiers;
  // Group winners in group order, then the runners-up, … (see the file comment).
  return { ok: true, value: tiers.value.flat() };
}

/** A group stage's ranking by place in the group: [the group winners in group order], [the runners-up], … */
function groupTiers(t: Tournament, stage: StagePosition, field: readonly string[], provisional: boolean): R<string[][]> {
  const groups = groupsOf(t, stage, field);
  if (!groups.ok) return groups;
  const ranked: string[][] = [];
  for (const g of groups.value) {
    const r = rankAfter(t, { ...stage, stage: { type: 'round_robin' } }, g, provisional);
    if (!r.ok) return r;
    ranked.push(r.value);
  }
  const out: string[][] = [];
  const longest = Math.max(...ranked.map((g) => g.length));
  for (let place = 0; place < longest; place++) out.push(ranked.filter((g) => place < g.length).map((g) => g[place]));
  return { ok: true, value: out };
}

/**
 * The order a stage gives its own field, for the final places (stage-chain-standings.ts): tiers
 * of entries, best first; a tier of more than one entry shares its place (a group stage's group
 * winners). `provisional`: results still missing are read as not played (else refused). Not for a
 * knockout stage (stageKnockoutRounds gives its bracket).
 */
export function stageOrder(t: Tournament, plan: readonly StagePosition[], index: number, provisional: boolean): R<{ field: string[]; tiers: string[][] }> {
  const field = stageField(t, plan, index);
  if (!field.ok) return field;
  const stage = plan[index];
  if (stage.stage.type === 'group_round_robin') {
    const tiers = groupTiers(t, stage, field.value, provisional);
    if (!tiers.ok) return tiers;
    return { ok: true, value: { field: field.value, tiers: tiers.value } };
  }
  const ranked = rankAfter(t, stage, field.value, provisional);
  if (!ranked.ok) return ranked;
  return { ok: true, value: { field: field.value, tiers: ranked.value.map((id) => [id]) } };
}

/** A knockout stage's field (in seeding order) and its matches round by round, as stored so far. */
export function stageKnockoutRounds(t: Tournament, plan: readonly StagePosition[], index: number): R<{ field: string[]; rounds: ChainKnockoutMatch[][] }> {
  const k = plan[index];
  const field = stageField(t, plan, index);
  if (!field.ok) return field;
  const stored = t.rounds.filter((r) => r.round >= k.firstRound && r.round < k.firstRound + k.rounds).length;
  if (stored === 0) return { ok: true, value: { field: field.value, rounds: [] } };
  const m = knockoutMatches(t, k, field.value, stored);
  if (!m.ok) return m;
  return { ok: true, value: { field: field.value, rounds: m.value } };
}

function groupsOf(t: Tournament, stage: StagePosition, field: readonly string[]): R<string[][]> {
  const g = groupRoundRobin(field, stage.stage.groups!);
  if (!g.ok) return fail('unsupported', g.error.message);
  return { ok: true, value: g.value.map((x) => x.members) };
}

/**
 * The field of stage `index` over the whole file: the one it began with once a round of it is
 * stored (options.stageFields), else the ranking after the stage before — what an import writes on
 * the stage's row (the server's Stage.entryIds).
 */
export function stageChainField(t: Tournament, index: number): R<string[]> {
  const plan = stagePlan(t);
  if (!plan.ok) return plan;
  if (!plan.value[index]) return fail('unsupported', `the format has no stage ${index + 1}`);
  return stageField(t, plan.value, index);
}

/** The entries of a stage, in its seeding (first stage) or ranking (later stages) order. */
export function stageField(t: Tournament, plan: readonly StagePosition[], index: number): R<string[]> {
  const stage = plan[index];
  const active = new Set(activeIn(t, stage.firstRound).map((e) => e.id));
  if (index === 0) {
    // A round-robin's first stage sits on the table by draw number (附录6 用法 1); other stages by seeding.
    const ordered =
      stage.stage.type === 'round_robin' || stage.stage.type === 'double_round_robin'
        ? [...t.entries].sort((a, b) => a.drawNumber - b.drawNumber)
        : seedingOrder(t.entries);
    return { ok: true, value: ordered.filter((e) => active.has(e.id)).map((e) => e.id) };
  }
  const recorded = recordedField(t, index, stage.firstRound);
  if (!recorded.ok) return recorded;
  if (recorded.value) return { ok: true, value: recorded.value };
  const prevField = stageField(t, plan, index - 1);
  if (!prevField.ok) return prevField;
  const ranked = rankAfter(t, plan[index - 1], prevField.value);
  if (!ranked.ok) return ranked;
  const eligible = ranked.value.filter((id) => active.has(id));
  if (plan[index - 1].stage.type === 'group_round_robin' && stage.stage.qualifiers !== undefined) {
    // Qualifiers from groups: the first q/G of each group (the ranking is by place, then group).
    const perGroup = stage.stage.qualifiers / plan[index - 1].stage.groups!;
    const prevGroups = groupsOf(t, plan[index - 1], prevField.value);
    if (!prevGroups.ok) return prevGroups;
    const groupOf = new Map(prevGroups.value.flatMap((g, i) => g.map((id) => [id, i] as const)));
    const taken = new Map<number, number>();
    const out: string[] = [];
    for (const id of eligible) {
      const gi = groupOf.get(id)!;
      if ((taken.get(gi) ?? 0) >= perGroup) continue;
      taken.set(gi, (taken.get(gi) ?? 0) + 1);
      out.push(id);
    }
    return { ok: true, value: out };
  }
  return { ok: true, value: eligible.slice(0, stage.fieldSize) };
}

/**
 * The tournament as the stage of round `round` sees it: entries outside the stage withdrawn
 * before it (so the checker does not call them unpaired), and the stage's pairing system named
 * (Swiss stages: the checker's needless-float check applies).
 */
export function stageChainView(t: Tournament, round: number): R<{ view: Tournament; position: StagePosition; field: string[] }> {
  const plan = stagePlan(t);
  if (!plan.ok) return plan;
  const pos = stageOfRound(t, round);
  if (!pos.ok) return pos;
  const field = stageField(t, plan.value, pos.value.index);
  if (!field.ok) return field;
  let inStage = new Set(field.value);
  let before = pos.value.firstRound - 1;
  if (pos.value.stage.type === 'knockout') {
    // A knockout round is played by its matches' players: those knocked out, and those who advance
    // without playing (a bye of the bracket, a walkover), count as gone after the previous round.
    const rounds = knockoutMatches(t, pos.value, field.value, pos.value.stageRound);
    if (!rounds.ok) return rounds;
    inStage = new Set(rounds.value[rounds.value.length - 1].flatMap((m) => (m.bottom === null ? [] : [m.top, m.bottom])));
    before = round - 1;
  }
  const entries = t.entries.map((e) =>
    inStage.has(e.id) || (e.withdrawnAfterRound !== undefined && e.withdrawnAfterRound <= before) ? e : { ...e, withdrawnAfterRound: before },
  );
  // The system the checker knows the stage by: Swiss (needless floats), round-robin (a withdrawn entry keeps its table place).
  const type = pos.value.stage.type;
  const system = type === 'swiss' ? (t.options.eventKind === 'team' ? 'swiss-team' : 'swiss-individual') : type === 'knockout' ? 'knockout' : 'round-robin';
  const view: Tournament = {
    ...t,
    entries,
    options: {
      ...t.options,
      pairingSystem: system,
      ...(type === 'swiss' ? { totalRounds: before + pos.value.rounds } : {}),
      ...(type === 'double_round_robin' ? { roundRobinCycles: 2 } : {}),
    },
  };
  return { ok: true, value: { view, position: pos.value, field: field.value } };
}

/**
 * What the checker reads for `target` in a stage chain (checker.ts, `chuhe check-pairing`, the
 * server's draft checks): the stage's view over the rounds before it, and the pairs exempt from the
 * rematch finding — a knockout's matches, a double round-robin's second cycle (附录6), and every
 * pair of a later round-robin or group stage pair qualifiers whoever met before (as the championships' knockout matches, 附录2 #7, 附录3 #6).
 * Null when the stage cannot be known (the chain's own error is reported by pairing).
 */
export function stageChainCheck(
  t: Tournament,
  target: { round: number; pairings: readonly { red: string; black: string }[] },
): { view: Tournament; exempt: [string, string][]; stageType: ChainStageType } | null {
  const seen = stageChainView({ ...t, rounds: t.rounds.filter((r) => r.round < target.round) }, target.round);
  if (!seen.ok) return null;
  const { position } = seen.value;
  const type = position.stage.type;
  const exempt =
    type === 'knockout' || type === 'double_round_robin' || (position.index > 0 && type !== 'swiss')
      ? target.pairings.map((p): [string, string] => [p.red, p.black])
      : [];
  return { view: { ...seen.value.view, rounds: t.rounds }, exempt, stageType: type };
}

function gamesOf(t: Tournament, red: string, black: string): Pairing['games'] {
  if (t.options.eventKind === 'team') return []; // lineups first (附录1 #8), as the 'round-robin' system
  return pairingGameSides(red, black, t.options.gamesPerPairing).map((g) => ({
    red: g.red,
    black: g.black,
    result: null,
    ...(t.options.gamesPerPairing === 2 ? { board: g.game } : {}),
  }));
}

/** Round `stageRound` of a 附录6 table over `members` (members[i] has number i + 1). */
function tableRound(t: Tournament, members: readonly string[], stageRound: number, cycles: 1 | 2): R<{ pairings: Pairing[]; byes: string[] } | null> {
  const table = cycles === 2 ? doubleRoundRobinTable(members.length) : roundRobinTable(members.length);
  if (!table.ok) return fail('unsupported', table.error.message);
  const r = table.value.rounds[stageRound - 1];
  if (!r) return { ok: true, value: null };
  const id = (n: number) => members[n - 1];
  return {
    ok: true,
    value: { pairings: r.pairs.map(([a, b]) => ({ red: id(a), black: id(b), games: gamesOf(t, id(a), id(b)) })), byes: r.bye === null ? [] : [id(r.bye)] },
  };
}

/** A knockout match of the stage as played so far. */
export interface ChainKnockoutMatch {
  round: number;
  stageRound: number;
  /** 1-based, in bracket order. */
  match: number;
  top: string;
  /** null: `top` advanced without playing (a bye, or the opponent withdrew). */
  bottom: string | null;
  /** The stored pairing's state (absent for a bye, or when the round is not stored yet). */
  state?: KnockoutMatchState;
  winner?: string;
  /** A team match: what decided it (team-knockout-match.ts). */
  teamDecidedBy?: TeamKnockoutDecidedBy;
}

/**
 * A team match's state in the individual match's shape (the bracket, the views and the messages
 * read that): the rapid rematch to add is 'next' with the first team Red as in the regular games.
 */
function teamStateAsMatch(s: TeamKnockoutState, first: string, second: string): KnockoutMatchState {
  const both = { red: FIVE_PLUS_TWO_KNOCKOUT.rapid!, black: FIVE_PLUS_TWO_KNOCKOUT.rapid! };
  if (s.status === 'decided') {
    const winner = s.winner === 'first' ? first : second;
    return { status: 'decided', winner, loser: winner === first ? second : first, decidedBy: s.decidedBy === 'regular' ? 'regular' : 'rapid' };
  }
  if (s.status === 'no_winner') return { status: 'no_winner', reason: s.reason === 'double_forfeit' ? 'double_forfeit' : 'tied' };
  const game = {
    number: s.status === 'next' ? s.leg : 1,
    kind: s.status === 'next' || s.stage === 'rapid' ? ('rapid' as const) : ('regular' as const),
    red: second,
    black: first,
    timeControl: both,
    drawWinner: null,
  };
  return { status: s.status === 'next' ? 'next' : 'in_progress', game };
}

/**
 * The knockout stage's matches round by round up to `throughStageRound` (stored rounds read for
 * winners). The last round listed is the one to pair when it is not stored yet.
 */
function knockoutMatches(t: Tournament, pos: StagePosition, field: readonly string[], throughStageRound: number): R<ChainKnockoutMatch[][]> {
  const bracket = knockoutBracket(field);
  if (!bracket.ok) return fail('unsupported', bracket.error.message);
  const byId = new Map(t.entries.map((e) => [e.id, e]));
  let current: { top: string; bottom: string | null }[] = bracket.value.firstRound.map((m) => ({ top: m.top.entrant, bottom: m.bottom?.entrant ?? null }));
  const out: ChainKnockoutMatch[][] = [];
  for (let sr = 1; sr <= throughStageRound; sr++) {
    const round = pos.firstRound + sr - 1;
    const stored = t.rounds.find((r) => r.round === round);
    const matches: ChainKnockoutMatch[] = [];
    for (const [i, m] of current.entries()) {
      let { top, bottom } = m;
      // A withdrawn entrant gives the other a walkover.
      const gone = (id: string | null) => id !== null && !isActiveIn(byId.get(id)!, round);
      if (gone(top) && gone(bottom))
        return fail('unsupported', `knockout round ${sr}, match ${i + 1}: both ${top} and ${bottom} withdrew — the chief arbiter decides`, [top, bottom!]);
      if (gone(top)) [top, bottom] = [bottom!, null];
      else if (gone(bottom)) bottom = null;
      const match: ChainKnockoutMatch = { round, stageRound: sr, match: i + 1, top, bottom };
      if (bottom === null) match.winner = top;
      else if (stored) {
        const p = stored.pairings.find((x) => (x.red === top && x.black === bottom) || (x.red === bottom && x.black === top));
        if (!p) return fail('unsupported', `round ${round} should hold the knockout match ${top}–${bottom}; it does not`, [top, bottom]);
        if (t.options.eventKind === 'team') {
          // A team match: 场分 (附录1 #7), then the rapid rematch and the organizer's decider (team-knockout-match.ts).
          const key = `knockout stage ${pos.index + 1} round ${sr} match ${i + 1} decider`;
          const recorded = (t.options.championshipLots ?? {}) as Record<string, string>;
          const lot = (): TeamSide => {
            const w =
              recorded[key] !== undefined && [p.red, p.black].includes(recorded[key])
                ? recorded[key]
                : seededLot(lotSeedOf(t), t.entries)([p.red, p.black], key);
            return w === p.red ? 'first' : 'second';
          };
          const ts = teamKnockoutMatchState(
            {
              regularLegs: t.options.gamesPerPairing === 2 ? 2 : 1,
              rapid: true,
              decider: teamKnockoutDeciderOption(t.options as unknown as Record<string, unknown>),
            },
            p.games.map((g) => ({ board: g.board ?? 1, leg: g.leg ?? 1, result: g.result })),
            lot,
          );
          match.state = teamStateAsMatch(ts, p.red, p.black);
          if (ts.status === 'decided') {
            match.winner = ts.winner === 'first' ? p.red : p.black;
            match.teamDecidedBy = ts.decidedBy;
          }
        } else {
          const s = knockoutMatchState(
            FIVE_PLUS_TWO_KNOCKOUT,
            { first: p.red, second: p.black },
            p.games.map((g) => ({ red: g.red, black: g.black, result: g.result })),
          );
          if (!s.ok) return fail('unsupported', `round ${round}, knockout match ${p.red}–${p.black}: ${s.error.message}`, [top, bottom]);
          match.state = s.value;
          if (s.value.status === 'decided') match.winner = s.value.winner;
        }
      }
      matches.push(match);
    }
    out.push(matches);
    if (sr === throughStageRound) break;
    const open = matches.find((m) => m.winner === undefined);
    if (open) return undecided(open);
    const next = knockoutNextRound(matches.map((m) => m.winner!));
    if (!next.ok) return fail('unsupported', next.error.message);
    current = next.value.map((m) => ({ top: m.top, bottom: m.bottom }));
  }
  return { ok: true, value: out };
}

function undecided(m: ChainKnockoutMatch): { ok: false; error: PairingError } {
  const name = `knockout match ${m.top}–${m.bottom} (round ${m.round})`;
  const players = [m.top, m.bottom!];
  const s = m.state;
  if (!s) return fail('previous_round_unfinished', `${name} has not been played`, players);
  if (s.status === 'next')
    return fail(
      'previous_round_unfinished',
      `${name} is not decided: add game ${s.game.number} (${s.game.kind}, ${s.game.red} Red, ${s.game.black} Black) to that pairing (附录2 7b)`,
      players,
    );
  if (s.status === 'in_progress')
    return fail('previous_round_unfinished', `${name} is not decided: game ${s.game.number} (${s.game.kind}) has no result yet`, players);
  return fail('unsupported', `${name} has no winner (${s.status === 'no_winner' ? s.reason : s.status}): the chief arbiter decides`, players);
}

/** Every knockout match of the event's knockout stage stored so far, with its state (empty before the stage). */
export function stageChainKnockouts(t: Tournament): R<ChainKnockoutMatch[]> {
  const plan = stagePlan(t);
  if (!plan.ok) return plan;
  const k = plan.value.find((s) => s.stage.type === 'knockout');
  if (!k || t.rounds.length < k.firstRound) return { ok: true, value: [] };
  const field = stageField(t, plan.value, k.index);
  if (!field.ok) return field;
  const through = Math.min(k.rounds, t.rounds.length - k.firstRound + 1);
  const m = knockoutMatches(t, k, field.value, through);
  if (!m.ok) return m;
  return { ok: true, value: m.value.flat() };
}

/**
 * The event rounds of the chain's knockout stage (empty when it has none): the standings count
 * only the first game of a pairing there — its tie-break games decide the match, not the score
 * (as the championships' knockout rounds, championship-standings.ts; libs/standings
 * `firstGameOnlyRounds`).
 */
export function stageChainKnockoutRounds(t: Tournament): number[] {
  const plan = stagePlan(t);
  if (!plan.ok) return [];
  return plan.value.filter((s) => s.stage.type === 'knockout').flatMap((s) => Array.from({ length: s.rounds }, (_, i) => s.firstRound + i));
}

function pairStageChain(request: PairingRequest): R<RoundPairing> {
  const t = request.tournament;
  const next = t.rounds.length + 1;
  const round = request.round ?? next;
  if (round !== next) return fail('round_out_of_order', `only the next round (${next}) can be paired, not round ${round}`);
  const seen = stageChainView(t, round);
  if (!seen.ok) return seen;
  const { view, position: pos, field } = seen.value;
  const { stage } = pos;
  switch (stage.type) {
    case 'swiss':
      return (t.options.eventKind === 'team' ? swissTeam : swissIndividual).pair({ tournament: view, round });
    case 'round_robin':
    case 'double_round_robin': {
      const r = tableRound(t, field, pos.stageRound, stage.type === 'double_round_robin' ? 2 : 1);
      if (!r.ok) return r;
      return { ok: true, value: { round, pairings: r.value!.pairings, byes: r.value!.byes, warnings: [] } };
    }
    case 'group_round_robin': {
      const groups = groupsOf(t, pos, field);
      if (!groups.ok) return groups;
      const pairings: Pairing[] = [];
      const byes: string[] = [];
      for (const g of groups.value) {
        const r = tableRound(t, g, pos.stageRound, 1);
        if (!r.ok) return r;
        if (!r.value) continue; // this group's table is shorter: it sits the round out
        pairings.push(...r.value.pairings);
        byes.push(...r.value.byes);
      }
      return { ok: true, value: { round, pairings, byes, warnings: [] } };
    }
    case 'knockout': {
      const rounds = knockoutMatches(t, pos, field, pos.stageRound);
      if (!rounds.ok) return rounds;
      const matches = rounds.value[rounds.value.length - 1];
      const histories = entryHistories(
        t,
        t.rounds.filter((r) => r.round < round),
      );
      const recorded = (t.options.championshipLots ?? {}) as Record<string, string>;
      const seeded = seededLot(lotSeedOf(t), t.entries);
      const pairings: Pairing[] = [];
      for (const m of matches) {
        if (m.bottom === null) continue; // advances without playing: not a scoring bye (see the file comment)
        const key = `knockout stage ${pos.index + 1} round ${pos.stageRound} match ${m.match}`;
        // 附录2 7b: 先平衡先后手, 如先后次数相同, 则在现场抽签决定先后手.
        const c = decideColours({
          a: m.top,
          b: m.bottom,
          colours: { a: histories.get(m.top)?.colours ?? [], b: histories.get(m.bottom)?.colours ?? [] },
          lot: (cands, k) => (recorded[k] !== undefined && cands.includes(recorded[k]) ? recorded[k] : seeded(cands, k)),
          lotKey: key,
        });
        pairings.push({ red: c.red, black: c.black, games: [{ red: c.red, black: c.black, result: null }] });
      }
      return { ok: true, value: { round, pairings, byes: [], warnings: [] } };
    }
  }
}

/** 'stage-chain': formats of more than one stage (二章1节3), and standalone knockouts / group round-robins. */
export const stageChainSystem: PairingSystem = {
  id: 'stage-chain',
  summary: 'a chain of stages (二章1节3): Swiss, 附录6 round-robin, group round-robin, knockout (附录2 7b matches) in turn',
  pair: pairStageChain,
};
