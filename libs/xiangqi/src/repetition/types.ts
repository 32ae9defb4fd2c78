/**
 * Vocabulary of the 棋例 adjudicator (四章): verdicts, rule sets, move kinds (四章1节 术语) and
 * patterns (长将, 长捉 …). The contract for other code is API.md beside this file.
 */
import { Role, Side } from '../types';

export const VERDICTS = ['red_loses', 'black_loses', 'draw', 'none'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const RULE_SETS = ['axf', 'cxa'] as const;
export type RuleSet = (typeof RULE_SETS)[number];

/** Move kinds, heaviest first in the AXF order (补充 4: 长杀兼长捉 从重判“捉”). */
export const MOVE_KINDS = [
  'check', // 将
  'chase', // 捉
  'mateThreat', // 杀
  'discoveredThreat', // 要抽吃
  'exchangeOffer', // 兑
  'offer', // 献
  'block', // 拦
  'idle', // 闲
] as const;
export type MoveKindName = (typeof MOVE_KINDS)[number];

export const KIND_ZH: Record<MoveKindName, string> = {
  check: '将',
  chase: '捉',
  mateThreat: '杀',
  discoveredThreat: '要抽吃',
  exchangeOffer: '兑',
  offer: '献',
  block: '拦',
  idle: '闲',
};

export const PATTERNS = [
  'perpetualCheck', // 长将
  'perpetualChase', // 长捉
  'alternateChase', // 一子分捉两子
  'perpetualMateThreat', // 长杀
  'checkAndMateThreat', // 一将一杀
  'checkAndChase', // 一将一捉
  'checkAndIdle', // 一将一闲
  'checkAndDiscoveredThreat', // 一将一要抽吃
  'chaseAndDiscoveredThreat', // 一捉一要抽吃
  'mateThreatAndChase', // 一杀一捉
  'mateThreatAndIdle', // 一杀一闲
  'chaseAndIdle', // 一捉一闲
  'perpetualDiscoveredThreat', // 长要抽吃
  'perpetualExchangeOffer', // 长兑
  'perpetualOffer', // 长献
  'perpetualBlock', // 长拦
  'idle', // 闲
  'mixed',
] as const;
export type Pattern = (typeof PATTERNS)[number];

export interface Label {
  zh: string;
  en: string;
}

export interface MoveKind {
  kind: MoveKindName;
  /** The acting piece (checker, chaser; the moved piece for idle, mate threat, block). */
  piece: Role;
  /** Square of the acting piece after the move. */
  from: string;
  /** Square acted on: the king, the target, or the move's destination. */
  to: string;
  target?: Role;
  protected?: boolean;
  root?: 'real' | 'false';
  reason: string;
}

export interface MoveAnalysis {
  ply: number;
  iccs: string;
  side: Side;
  piece: Role;
  primary: MoveKindName;
  kinds: MoveKind[];
}

export interface SideSummary {
  pattern: Pattern;
  label: Label;
  kinds: MoveKindName[];
  violation: boolean;
  chased: { role: Role; square: string }[];
  reason: string;
}

export interface CycleInfo {
  startPly: number;
  endPly: number;
  plies: number;
  occurrences: number;
}

/**
 * One repetition of the record (issue 14): a run of repeated positions, judged on the cycle that
 * ends where the run ends. The last one may be the final position's (then `result` equals
 * Adjudication.result).
 */
export interface CycleReport extends CycleInfo {
  /** The verdict had the game stopped at `endPly`. */
  result: Verdict;
  /** The ply (1-based) at which this run of repeated positions began (the first repeated position). */
  firstRepeatPly: number;
  /** The run reaches the final position of the record. */
  final: boolean;
  sides: { red: { pattern: Pattern; violation: boolean }; black: { pattern: Pattern; violation: boolean } };
  articles: string[];
}

export interface Adjudication {
  /** The verdict for the final position ('none' when it is new, even if a cycle was completed earlier: see `cycles`). */
  result: Verdict;
  rules: RuleSet;
  cycle: CycleInfo | null;
  /** Every repetition of the record, in order, each with its verdict and ply range (issue 14). */
  cycles: CycleReport[];
  /** Which cycle is judged when loops differ (cycle.ts CYCLE_READINGS). */
  cycleReading: 'shortest' | 'window';
  /** Lenient FEN only: what is unusual about the start position. */
  warnings?: string[];
  sides: { red: SideSummary; black: SideSummary };
  moves: MoveAnalysis[];
  articles: string[];
  explanation: Label;
}

export interface AdjudicationInput {
  /** Start position; the standard start position when omitted. */
  fen?: string;
  /**
   * Moves in any notation libs/xiangqi reads (ICCS, Chinese, WXF, AXF — notation.ts `parseMove`):
   * an array, or one string separated by spaces/commas (move numbers like `1.` ignored).
   */
  moves?: string | readonly string[];
  /** Or a whole game record (PGN-like text, record.ts `importGame`); its FEN tag, else `fen`, is the start. */
  record?: string;
  rules?: RuleSet;
  /** Bound of the 杀 search in checking moves of the attacker (default 3). */
  mateSearchChecks?: number;
  /**
   * Nested cycles (issue 14): judge the shortest complete cycle ending at the final position
   * ('shortest', default) or the whole window from the final position's first occurrence ('window').
   * See cycle.ts for the articles behind each reading.
   */
  cycleReading?: 'shortest' | 'window';
  /**
   * Accept a start position no game can reach (typed from a diagram: a pawn behind its start rank, an
   * advisor off its points …) as long as it is not absurd: one king each in its palace, at most the
   * standard number of each piece, kings not facing, the side not to move not in check. The unusual
   * points are listed in `warnings`. Default false (strict FEN).
   */
  lenient?: boolean;
}

export const REPETITION_ERROR_CODES = ['bad_fen', 'bad_move', 'illegal_move', 'bad_record', 'bad_input'] as const;
export type RepetitionErrorCode = (typeof REPETITION_ERROR_CODES)[number];

export class RepetitionInputError extends Error {
  readonly code: RepetitionErrorCode;
  readonly ply?: number;
  /** The library error behind this one (FenError, NotationError or RecordError). */
  override readonly cause?: Error;
  constructor(code: RepetitionErrorCode, message: string, extra: { ply?: number; cause?: Error } = {}) {
    super(message);
    this.name = 'RepetitionInputError';
    this.code = code;
    this.ply = extra.ply;
    this.cause = extra.cause;
  }
}
