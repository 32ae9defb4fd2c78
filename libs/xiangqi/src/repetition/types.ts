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

export interface Adjudication {
  result: Verdict;
  rules: RuleSet;
  cycle: CycleInfo | null;
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
