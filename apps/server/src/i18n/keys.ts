import { translate, type Language, type MessageKey } from './i18n';
import type { PairingCheckCode, PairingErrorCode } from '@chuhe/pairing';

/**
 * The dictionary keys of values the data holds (a result, a role, a sanction's kind …), one explicit
 * map per vocabulary (issue 30: keys were built at run time, `kind.${s.kind}`, so a value without
 * words showed as its key and no type check saw it). Each map's values are checked by tsc as
 * MessageKeys; `wordKey` finds a value's key, or null for a value the map does not know (the caller
 * shows the value itself — data from an older version).
 */
export const SANCTION_KIND_KEYS = {
  adjournment_no_show: 'kind.adjournment_no_show',
  collusion: 'kind.collusion',
  device: 'kind.device',
  false_move_limit_claim: 'kind.false_move_limit_claim',
  knocked_over_pieces: 'kind.knocked_over_pieces',
  misconduct: 'kind.misconduct',
  self_exposure: 'kind.self_exposure',
  technical_foul: 'kind.technical_foul',
  time_deduction: 'kind.time_deduction',
  unrecorded_moves: 'kind.unrecorded_moves',
  violation: 'kind.violation',
} as const satisfies Record<string, MessageKey>;

export const FOUL_STATE_KEYS = { confirmed: 'foul.state.confirmed', proposed: 'foul.state.proposed', revoked: 'foul.state.revoked' } as const satisfies Record<
  string,
  MessageKey
>;

export const APPEAL_STATE_KEYS = {
  dismissed: 'appealState.dismissed',
  filed: 'appealState.filed',
  upheld: 'appealState.upheld',
  withdrawn: 'appealState.withdrawn',
} as const satisfies Record<string, MessageKey>;

export const SEVERITY_KEYS = { error: 'staff.severity.error', warning: 'staff.severity.warning' } as const satisfies Record<string, MessageKey>;

/** A round's state on the staff pages. */
export const STAFF_ROUND_STATE_KEYS = {
  completed: 'staff.state.completed',
  draft: 'staff.state.draft',
  published: 'staff.state.published',
} as const satisfies Record<string, MessageKey>;

/** A round's state on the public pages. */
export const ROUND_STATE_KEYS = { completed: 'roundState_completed', draft: 'roundState_draft', published: 'roundState_published' } as const satisfies Record<
  string,
  MessageKey
>;

export const DRAW_OFFER_STATE_KEYS = {
  confirmed: 'console.drawState.confirmed',
  pending: 'console.drawState.pending',
  refused: 'console.drawState.refused',
} as const satisfies Record<string, MessageKey>;

export const PENALTY_KEYS = {
  adjournment_no_show: 'penalty.adjournment_no_show',
  device: 'penalty.device',
  false_move_limit_claim_timeout: 'penalty.false_move_limit_claim_timeout',
  other: 'penalty.other',
  self_exposure: 'penalty.self_exposure',
  technical_fouls: 'penalty.technical_fouls',
  unrecorded_moves: 'penalty.unrecorded_moves',
  violations: 'penalty.violations',
  warning_ladder: 'penalty.warning_ladder',
} as const satisfies Record<string, MessageKey>;

/** A game's kind on the result sheet (`{n}`: which rapid game). */
export const SHEET_KIND_KEYS = { armageddon: 'sheet.kind.armageddon', rapid: 'sheet.kind.rapid', regular: 'sheet.kind.regular' } as const satisfies Record<
  string,
  MessageKey
>;

/** A game's kind on the public pages. */
export const GAME_KIND_KEYS = { regular: 'games', rapid: 'rapid', armageddon: 'armageddon' } as const satisfies Record<string, MessageKey>;

/** A result on the staff pages. */
export const RESULT_KEYS = {
  annulled: 'result.annulled',
  black_win: 'result.black_win',
  black_win_forfeit: 'result.black_win_forfeit',
  black_win_penalty: 'result.black_win_penalty',
  double_forfeit: 'result.double_forfeit',
  draw: 'result.draw',
  red_win: 'result.red_win',
  red_win_forfeit: 'result.red_win_forfeit',
  red_win_penalty: 'result.red_win_penalty',
} as const satisfies Record<string, MessageKey>;

/** A result on the public pages. */
export const PUBLIC_RESULT_KEYS = {
  annulled: 'result_annulled',
  black_win: 'result_black_win',
  black_win_forfeit: 'result_black_win_forfeit',
  black_win_penalty: 'result_black_win_penalty',
  double_forfeit: 'result_double_forfeit',
  draw: 'result_draw',
  red_win: 'result_red_win',
  red_win_forfeit: 'result_red_win_forfeit',
  red_win_penalty: 'result_red_win_penalty',
} as const satisfies Record<string, MessageKey>;

/** A tournament role, every one of TOURNAMENT_ROLES (the deputy and the steward have the venue's words). */
export const ROLE_KEYS = {
  appeals_member: 'role_appeals_member',
  arbiter: 'role_arbiter',
  chief_arbiter: 'role_chief_arbiter',
  deputy_chief_arbiter: 'venue.role.deputy_chief_arbiter',
  delegate: 'role_delegate',
  organizer: 'role_organizer',
  steward: 'venue.role.steward',
  team_captain: 'role_team_captain',
} as const satisfies Record<string, MessageKey>;

export const VENUE_ROLE_KEYS = {
  appeals_member: 'venue.role.appeals_member',
  arbiter: 'venue.role.arbiter',
  chief_arbiter: 'venue.role.chief_arbiter',
  deputy_chief_arbiter: 'venue.role.deputy_chief_arbiter',
  organizer: 'venue.role.organizer',
  steward: 'venue.role.steward',
} as const satisfies Record<string, MessageKey>;

export const VENUE_KIND_KEYS = {
  captain: 'venue.kind.captain',
  delegate: 'venue.kind.delegate',
  player: 'venue.kind.player',
  staff: 'venue.kind.staff',
} as const satisfies Record<string, MessageKey>;

export const FEE_METHOD_KEYS = { cash: 'method_cash', transfer: 'method_transfer', waived: 'method_waived' } as const satisfies Record<string, MessageKey>;

export const STAGE_KEYS = {
  championship_5_2: 'stage_championship_5_2',
  championship_6_1: 'stage_championship_6_1',
  double_round_robin: 'stage_double_round_robin',
  group_round_robin: 'stage_group_round_robin',
  knockout: 'stage_knockout',
  round_robin: 'stage_round_robin',
  swiss: 'stage_swiss',
} as const satisfies Record<string, MessageKey>;

export const KNOCKOUT_ROUND_KEYS = {
  final: 'knockoutRound_final',
  knockout_round: 'knockoutRound_knockout_round',
  quarter_final: 'knockoutRound_quarter_final',
  round_of_16: 'knockoutRound_round_of_16',
  round_of_32: 'knockoutRound_round_of_32',
  round_of_64: 'knockoutRound_round_of_64',
  semi_final: 'knockoutRound_semi_final',
  third_place: 'knockoutRound_third_place',
} as const satisfies Record<string, MessageKey>;

/** The error page's title per HTTP status (others show the number). */
export const STATUS_TITLE_KEYS = {
  400: 'error_400',
  403: 'error_403',
  404: 'error_404',
  409: 'error_409',
  429: 'error_429',
  500: 'error_500',
  503: 'error_503',
} as const satisfies Record<number, MessageKey>;

/** The key of `value` in one of the maps above, or null when the map does not know it. */
export function wordKey<M extends Record<string | number, MessageKey>>(map: M, value: string | number | null | undefined): M[keyof M] | null {
  if (value === null || value === undefined || !Object.prototype.hasOwnProperty.call(map, value)) return null;
  return map[value as keyof M];
}

/** The words of `value` through its map, else the value as it is. */
export function wordOf<M extends Record<string | number, MessageKey>>(
  map: M,
  value: string,
  t: (key: MessageKey, vars?: Record<string, string | number>) => string,
  vars?: Record<string, string | number>,
): string {
  const key = wordKey(map, value);
  return key === null ? value : t(key, vars);
}

export const CATEGORY_KEYS = { open: 'category_open', women: 'category_women' } as const satisfies Record<string, MessageKey>;

/** The regulations' texts (三章1), by their field under `texts.`. */
export const REGULATION_TEXT_KEYS = {
  hosts: 'reg_hosts',
  purpose: 'reg_purpose',
  eligibility: 'reg_eligibility',
  registration: 'reg_registration',
  system: 'reg_system',
  timeControl: 'reg_timeControl',
  scoring: 'reg_scoring',
  rules: 'reg_rules',
  prizes: 'reg_prizes',
  supplementary: 'reg_supplementary',
} as const satisfies Record<string, MessageKey>;

/** A unit's quota basis (附录2 #1). */
export const QUOTA_BASIS_KEYS = {
  champion: 'basis_champion',
  runner_up: 'basis_runner_up',
  host: 'basis_host',
  member: 'basis_member',
} as const satisfies Record<string, MessageKey>;

export const GENDER_KEYS = { male: 'gender_male', female: 'gender_female' } as const satisfies Record<string, MessageKey>;

export const SAME_AFFILIATION_KEYS = {
  allowed: 'sameAffiliation_allowed',
  round1: 'sameAffiliation_round1',
  event: 'sameAffiliation_event',
} as const satisfies Record<string, MessageKey>;

export const REPETITION_RULES_KEYS = { axf_2017: 'repetitionRules_axf_2017', cxa: 'repetitionRules_cxa' } as const satisfies Record<string, MessageKey>;

/** The readings of open articles (events/readings.ts): each reading's title and each choice. */
export const READING_WORDS = {
  twoGameSmallPoints: {
    title: 'reading.twoGameSmallPoints',
    choices: { sonneborn_berger: 'reading.twoGameSmallPoints.sonneborn_berger', game_points: 'reading.twoGameSmallPoints.game_points' },
  },
  blackInDirectGameTies: {
    title: 'reading.blackInDirectGameTies',
    choices: { two_only: 'reading.blackInDirectGameTies.two_only', among_tied: 'reading.blackInDirectGameTies.among_tied' },
  },
  appealTieFee: { title: 'reading.appealTieFee', choices: { refunded: 'reading.appealTieFee.refunded', forfeited: 'reading.appealTieFee.forfeited' } },
  // The counting settings of libs/standings (settings.ts): the rules are silent on these.
  byeInOpponentCriteria: {
    title: 'reading.byeInOpponentCriteria',
    choices: { zero: 'reading.unplayed.zero', own_score: 'reading.unplayed.own_score' },
  },
  forfeitInOpponentCriteria: {
    title: 'reading.forfeitInOpponentCriteria',
    choices: { opponent: 'reading.unplayed.opponent', zero: 'reading.unplayed.zero', own_score: 'reading.unplayed.own_score' },
  },
  withdrawnOpponent: {
    title: 'reading.withdrawnOpponent',
    choices: { actual: 'reading.withdrawnOpponent.actual', zero: 'reading.unplayed.zero', own_score: 'reading.unplayed.own_score' },
  },
  strongOpponent: {
    title: 'reading.strongOpponent',
    choices: {
      opponent_scores_desc: 'reading.strongOpponent.opponent_scores_desc',
      best_opponent: 'reading.strongOpponent.best_opponent',
      buchholz_cut1: 'reading.strongOpponent.buchholz_cut1',
      beaten_opponents_desc: 'reading.strongOpponent.beaten_opponents_desc',
    },
  },
  forfeitWinsAreWins: { title: 'reading.forfeitWinsAreWins', choices: { true: 'reading.yes', false: 'reading.no' } },
  byeIsWin: { title: 'reading.byeIsWin', choices: { true: 'reading.yes', false: 'reading.no' } },
  unplayedBlackGames: { title: 'reading.unplayedBlackGames', choices: { true: 'reading.yes', false: 'reading.no' } },
  forfeitsInDirectEncounter: { title: 'reading.forfeitsInDirectEncounter', choices: { true: 'reading.yes', false: 'reading.no' } },
  directEncounter: {
    title: 'reading.directEncounter',
    choices: { complete_only: 'reading.directEncounter.complete_only', mini_table: 'reading.directEncounter.mini_table' },
  },
  fouls: { title: 'reading.fouls', choices: { technical: 'reading.fouls.technical', technical_and_violations: 'reading.fouls.technical_and_violations' } },
} as const satisfies Record<string, { title: MessageKey; choices: Record<string, MessageKey> }>;

/** The headings of the readings page's groups (events/readings.ts READING_GROUPS). */
export const READING_GROUP_WORDS = {
  articles: 'readingGroup.articles',
  opponents: 'readingGroup.opponents',
  games: 'readingGroup.games',
} as const satisfies Record<string, MessageKey>;

/** `wordOf` in a language. */
export function wordIn<M extends Record<string | number, MessageKey>>(
  map: M,
  value: string | number,
  lang: Language,
  vars?: Record<string, string | number>,
): string {
  const key = wordKey(map, value);
  return key === null ? String(value) : translate(key, lang, vars);
}

/** Why libs/pairing refuses to pair a round (its PairingErrorCode). */
export const PAIRING_ERROR_KEYS = {
  previous_round_unfinished: 'pairingError.previous_round_unfinished',
  round_out_of_order: 'pairingError.round_out_of_order',
  no_bye_candidate: 'pairingError.no_bye_candidate',
  no_valid_pairing: 'pairingError.no_valid_pairing',
  unsupported: 'pairingError.unsupported',
} as const satisfies Record<PairingErrorCode, MessageKey>;

/** What libs/pairing's checker finds in a round (its PairingCheckCode). */
export const FINDING_KEYS = {
  unknown_entry: 'finding.unknown_entry',
  self_pairing: 'finding.self_pairing',
  paired_twice: 'finding.paired_twice',
  unpaired: 'finding.unpaired',
  withdrawn_paired: 'finding.withdrawn_paired',
  rematch: 'finding.rematch',
  forbidden_pair: 'finding.forbidden_pair',
  second_bye: 'finding.second_bye',
  extra_bye: 'finding.extra_bye',
  colour_difference: 'finding.colour_difference',
  three_same_colour: 'finding.three_same_colour',
  needless_float: 'finding.needless_float',
} as const satisfies Record<PairingCheckCode, MessageKey>;
