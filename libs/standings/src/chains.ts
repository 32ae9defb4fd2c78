import { EventKind, Tournament } from '@chuhe/tournament';
import { CRITERION_IDS, CriterionId } from './criteria';
import { fail, ok, type StandingsResult } from './result';
import { Format } from './withdrawals';
import type { CountingSettings } from './settings';

/**
 * Tie-break chains. The first step is always the score (积分 / 场分); the others are applied in
 * order to entries still tied. The default chains are copied exactly from the rules, item by item.
 */
export interface ChainStep {
  criterion: CriterionId;
  /** The item as the rules list it, e.g. 'A. 对手分'. */
  label: string;
  /** Where the rules list it, e.g. '二章6节3 A'. */
  rule: string;
}

export const CHAIN_IDS = [
  'axf-2-6-2', // 一局循环制个人赛
  'axf-2-6-3', // 一局积分编排制个人赛
  'axf-2-6-4', // 循环制团体赛
  'axf-2-6-5', // 积分编排制团体赛
  'axf-appendix-1', // 亚洲象棋联合会象棋团体赛 (附录1 #12)
  'axf-appendix-2', // 亚洲象棋个人锦标赛 5+2 (附录2 #10)
  'axf-appendix-3', // 亚洲象棋个人锦标赛 6+1 (附录3 #5)
  'axf-appendix-4', // 女子个人锦标赛 (附录4 #4)
  'axf-appendix-5', // 亚洲象棋个人公开赛 (附录5 #4)
] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

const step = (criterion: CriterionId, label: string, rule: string): ChainStep => ({ criterion, label, rule });

// 附录2 #10, 附录3 #5, 附录4 #4, 附录5 #4: 对手分, 直接对赛胜负, 胜局多, 后手胜局多, 执后手多, 强对手分, 犯规少.
const SWISS_APPENDIX_ITEMS: readonly [CriterionId, string][] = [
  ['opponentScore', '对手分'],
  ['directEncounter', '直接对赛胜负'],
  ['wins', '胜局多者为胜'],
  ['winsAsBlack', '后手胜局多者为胜'],
  ['gamesAsBlack', '执后手多者为胜'],
  ['strongOpponent', '强对手分'],
  ['fouls', '犯规少者为胜'],
];

/** `marks[i]` is how the rules mark item i (e.g. '(a)'); the article's own list has no marks when absent. */
function swissIndividualAppendix(rule: string, marks?: readonly string[]): ChainStep[] {
  return [
    step('score', '积分', rule),
    ...SWISS_APPENDIX_ITEMS.map(([criterion, name], i) =>
      marks ? step(criterion, `${marks[i]} ${name}`, `${rule} ${marks[i]}`) : step(criterion, name, `${rule} item ${i + 1}`),
    ),
  ];
}

export const DEFAULT_CHAINS: Readonly<Record<ChainId, readonly ChainStep[]>> = {
  // 二章6节2 一局循环制个人赛
  'axf-2-6-2': [
    step('score', '积分', '二章6节2'),
    step('sonnebornBerger', 'A. 小分', '二章6节2 A'),
    step('directEncounter', 'B. 两人对赛胜负', '二章6节2 B'),
    step('wins', 'C. 胜局多者为胜', '二章6节2 C'),
    step('winsAsBlack', 'D. 后手胜局多者为胜', '二章6节2 D'),
    step('gamesAsBlack', 'E. 后手赛局多者为胜', '二章6节2 E'),
    step('blackInDirectGame', 'F. 两人对赛时执后手者为胜', '二章6节2 F'),
    step('fouls', 'G. 技术犯规少者为胜', '二章6节2 G'),
  ],
  // 二章6节3 一局积分编排制个人赛
  'axf-2-6-3': [
    step('score', '积分', '二章6节3'),
    step('opponentScore', 'A. 对手分', '二章6节3 A'),
    step('directEncounter', 'B. 直接对赛胜负', '二章6节3 B'),
    step('wins', 'C. 胜局多者为胜', '二章6节3 C'),
    step('winsAsBlack', 'D. 后手胜局多者为胜', '二章6节3 D'),
    step('gamesAsBlack', 'E. 后手赛局多者为胜', '二章6节3 E'),
    step('strongOpponent', 'F. 强对手分', '二章6节3 F'),
    step('fouls', 'G. 技术犯规少者为胜', '二章6节3 G'),
  ],
  // 二章6节4 循环制团体赛
  'axf-2-6-4': [
    step('score', '场分', '二章6节4'),
    step('totalGamePoints', 'A. 总局分', '二章6节4 A'),
    step('sonnebornBerger', 'B. 小分（所胜对手全部场分；所和对手一半场分）', '二章6节4 B'),
    step('matchesWon', 'C. 取胜场数多者排前', '二章6节4 C'),
    step('wins', 'D. 全队胜局多者排前', '二章6节4 D'),
    step('directEncounter', 'E. 两队对赛胜方排前', '二章6节4 E'),
    step('board1Points', 'F. 第一台总分高者排前', '二章6节4 F'),
    step('gamesAsBlack', 'G. 后手局数多者排前', '二章6节4 G'),
    step('fouls', 'H. 全队技术犯规少者排前', '二章6节4 H'),
  ],
  // 二章6节5 积分编排制团体赛
  'axf-2-6-5': [
    step('score', '场分', '二章6节5'),
    step('opponentScore', 'A. 对手总场分', '二章6节5 A'),
    step('totalGamePoints', 'B. 全队总局分', '二章6节5 B'),
    step('directEncounter', 'C. 两队对赛胜负', '二章6节5 C'),
    step('opponentGamePoints', 'D. 对手总局分', '二章6节5 D'),
    step('board1Points', 'E. 第一台总得分', '二章6节5 E'),
    step('matchesAsBlack', 'F. 后手出场次数', '二章6节5 F'),
    step('fouls', 'G. 全队技术犯规少者排前', '二章6节5 G'),
  ],
  // 附录1 #12 亚洲象棋联合会象棋团体赛
  'axf-appendix-1': [
    step('score', '场分', '附录1 #12'),
    step('opponentScore', '(1) 对手场分', '附录1 #12 (1)'),
    step('totalGamePoints', '(2) 总局分', '附录1 #12 (2)'),
    step('directEncounter', '(3) 直胜', '附录1 #12 (3)'),
    step('opponentGamePoints', '(4) 对手局分', '附录1 #12 (4)'),
    step('board1Points', '(5) 第 1 台之总得分，多者为胜', '附录1 #12 (5)'),
    step('matchesAsBlack', '(6) 后手出场次数，多者为胜', '附录1 #12 (6)'),
    step('fouls', '(7) 犯规少者', '附录1 #12 (7)'),
  ],
  // 附录2 #10 (an unmarked list in the rules)
  'axf-appendix-2': swissIndividualAppendix('附录2 #10'),
  'axf-appendix-3': swissIndividualAppendix('附录3 #5', ['(a)', '(b)', '(c)', '(d)', '(e)', '(f)', '(g)']),
  // 附录4 #4 and 附录5 #4 print item f as one line, "f) 强对手分犯规少者为胜": read as 强对手分, then
  // 犯规少者为胜 — the two items that 附录2 #10 and 附录3 #5 list separately.
  'axf-appendix-4': swissIndividualAppendix('附录4 #4', ['a)', 'b)', 'c)', 'd)', 'e)', 'f)', 'f)']),
  'axf-appendix-5': swissIndividualAppendix('附录5 #4', ['a)', 'b)', 'c)', 'd)', 'e)', 'f)', 'f)']),
};

/** The chain the rules give for an event kind and format: 二章6节2–5. */
export function defaultChainId(eventKind: EventKind, format: Format): ChainId {
  if (eventKind === 'individual') return format === 'round-robin' ? 'axf-2-6-2' : 'axf-2-6-3';
  return format === 'round-robin' ? 'axf-2-6-4' : 'axf-2-6-5';
}

export function isChainId(id: string): id is ChainId {
  return (CHAIN_IDS as readonly string[]).includes(id);
}

/** A custom chain from criterion ids; the score always comes first and is added if missing. */
export function customChain(ids: readonly string[]): StandingsResult<ChainStep[]> {
  const steps: ChainStep[] = [];
  for (const [i, id] of ids.entries()) {
    if (!(CRITERION_IDS as readonly string[]).includes(id)) {
      return fail('unknown_criterion', `tie-break chain item ${i + 1}: unknown criterion '${id}' (known: ${CRITERION_IDS.join(', ')})`);
    }
    steps.push({ criterion: id as CriterionId, label: id, rule: 'custom' });
  }
  if (steps[0]?.criterion !== 'score') steps.unshift({ criterion: 'score', label: 'score', rule: 'custom' });
  return ok(steps);
}

export function resolveChain(
  spec: string | readonly string[] | undefined,
  eventKind: EventKind,
  format: Format,
): StandingsResult<{ id: string; steps: readonly ChainStep[] }> {
  if (spec === undefined) {
    const id = defaultChainId(eventKind, format);
    return ok({ id, steps: DEFAULT_CHAINS[id] });
  }
  if (typeof spec === 'string') {
    if (!isChainId(spec)) return fail('unknown_chain', `unknown tie-break chain '${spec}' (known: ${CHAIN_IDS.join(', ')})`);
    return ok({ id: spec, steps: DEFAULT_CHAINS[spec] });
  }
  const custom = customChain(spec);
  return custom.ok ? ok({ id: 'custom', steps: custom.value }) : custom;
}

/**
 * The event's readings applied to the chain (settings.ts): in a two-game individual event, 二章6节2 A
 * 小分 is the entry's total 局分 when twoGameSmallPoints is 'game_points' (二章5节2 calls 局分 小分);
 * the step keeps the article's label, and its rule says which reading counts.
 */
export function chainWithReadings(
  steps: readonly ChainStep[],
  event: { eventKind: EventKind; gamesPerPairing: number },
  counting: Pick<CountingSettings, 'twoGameSmallPoints'>,
): readonly ChainStep[] {
  if (event.eventKind !== 'individual' || event.gamesPerPairing !== 2 || counting.twoGameSmallPoints !== 'game_points') return steps;
  return steps.map((s) =>
    s.criterion === 'sonnebornBerger' && s.rule.startsWith('二章6节2 A')
      ? { criterion: 'totalGamePoints', label: s.label, rule: `${s.rule} (二章5节2: 小分 = 局分)` }
      : s,
  );
}

function sameChain(x: readonly ChainStep[], y: readonly ChainStep[]): boolean {
  return x.length === y.length && x.every((s, i) => s.criterion === y[i].criterion);
}

/**
 * Changing the chain: allowed until round 1 is published (a round with at least one pairing or
 * bye); afterwards only the same chain may be set again.
 */
export function changeChain(tournament: Tournament, current: readonly ChainStep[], next: readonly ChainStep[]): StandingsResult<readonly ChainStep[]> {
  const published = tournament.rounds.some((r) => r.pairings.length > 0 || r.byes.length > 0);
  if (published && !sameChain(current, next)) {
    return fail('chain_locked', 'the tie-break chain can no longer change: round 1 has been published');
  }
  return ok(next);
}
