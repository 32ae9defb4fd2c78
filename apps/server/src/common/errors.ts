import { HttpException } from '@nestjs/common';
import { toTraditional, translate, type Language, type MessageKey } from '../i18n/i18n';
import type { ERROR_MESSAGES } from '../i18n/messages/errors';

/**
 * Domain errors, defined once (issue 29 #7): a stable code, its HTTP status, the field it concerns
 * and the values its words need. Services throw them; the API filter answers JSON with the code and
 * the English words (common/http-exception.filter.ts), the page filter shows the page language's
 * words from the one dictionary (i18n/messages/errors.ts). A code is never renamed once shipped:
 * clients and the translation test key on it.
 */
export type ErrorCode = (typeof ERROR_MESSAGES extends Record<infer K, unknown> ? K : never) extends `error.${infer C}` ? C : never;

/** Each code's status: the one place that decides what a refusal is over HTTP. */
const STATUS: Record<ErrorCode, number> = {
  'auth.not_logged_in': 401,
  'auth.lacks_role': 403,
  'auth.csrf': 403,
  'auth.cross_site': 403,
  'auth.other_unit': 403,
  'auth.not_yours': 403,
  'resource.missing': 404,
  'edit.stale': 409,
  'edit.collision': 409,
  'database.unavailable': 503,
  'input.invalid': 400,
  'form.duplicate_submit': 409,
  'form.unreadable_body': 400,
  'slips.no_public_url': 409,
  'entry.window_closed': 409,
  'entry.over_quota': 409,
  'entry.field_full': 409,
  'entry.gender': 400,
  'entry.birth_year': 400,
  'entry.rating': 400,
  'entry.duplicate': 409,
  'entry.other_unit': 409,
  'entry.team_starters': 400,
  'entry.members_only': 403,
  'entry.no_self_registration': 403,
  'entry.banned': 409,
  'entry.decided': 409,
  'entry.none_waiting': 409,
  'entry.confirm_unknown': 404,
  'entry.confirm_expired': 410,
  'entry.mail_unavailable': 409,
  'entry.too_many': 429,
  'entry.not_editable': 409,
  'fee.decided': 409,
  'credential.revoked': 410,
  'credential.unknown': 404,
  'checkin.already': 409,
  'checkin.not_entered': 409,
  'checkin.no_round': 409,
  'start.already': 409,
  'start.not_published': 409,
  'start.not_started': 409,
  'start.tolerance_running': 409,
  'section.first_table': 400,
  'section.order': 400,
  'section.too_large': 400,
  'section.not_arbiter': 409,
  'admin.required': 403,
  'person.already_linked': 409,
  'person.twice_in_tournament': 409,
  'person.merged': 409,
  'person.merge_conflict': 409,
  'merge.undone': 409,
  'ban.length': 400,
  'ban.lifted': 409,
  'rating.not_rated': 409,
  'withdrawal.already': 409,
  'lineup.deadline_passed': 409,
  'lineup.released': 409,
  'lineup.reason_needed': 400,
  'lineup.results_entered': 409,
  'withdrawal.before_start_only': 400,
  'withdrawal.after_last_published': 400,
  'withdrawal.paired': 400,
  'withdrawal.had_bye': 400,
  'withdrawal.played': 400,
  'result.advanced_fixed': 409,
  'result.draft_round': 409,
  'result.no_players': 409,
  'result.lineups_missing': 409,
  'result.correction_pairers_only': 403,
  'result.correction_reason': 400,
  'result.sanction_decides': 409,
  'result.later_game_of_match': 409,
  'sanction.apply_reason': 400,
  'record.illegal_move': 400,
  'record.after_end': 400,
  'record.syntax': 400,
  'record.bad_fen': 400,
  'dispute.no_record': 400,
  'suspension.not_published': 409,
  'suspension.complete': 409,
  'suspension.resume_before_now': 400,
  'suspension.not_suspended': 409,
  'settings.round1_paired': 409,
  'record.differs_from_game': 409,
  // issue 30 #5, third part: the requests' checks and the validation pipe's constraint kinds (i18n/messages/refusals-input.ts)
  'input.required': 400,
  'input.not_string': 400,
  'input.not_integer': 400,
  'input.not_number': 400,
  'input.not_boolean': 400,
  'input.not_array': 400,
  'input.not_object': 400,
  'input.not_uuid': 400,
  'input.not_email': 400,
  'input.not_date': 400,
  'input.not_url': 400,
  'input.not_time_zone': 400,
  'input.empty': 400,
  'input.too_long': 400,
  'input.too_short': 400,
  'input.length': 400,
  'input.too_small': 400,
  'input.too_large': 400,
  'input.not_one_of': 400,
  'input.too_few_items': 400,
  'input.too_many_items': 400,
  'input.items_repeat': 400,
  'input.pattern': 400,
  'input.unknown_field': 400,
  'input.not_allowed': 400,
  'input.null': 400,
  'input.round_number': 400,
  'input.cursor': 400,
  'input.version': 400,
  'input.nul_character': 400,
  'input.lone_surrogate': 400,
  'input.out_of_int_range': 400,
  'input.too_deep': 400,
  'input.bad_key': 400,
  'entry.player_needed': 400,
  'entry.team_needed': 400,
  'entry.too_many_reserves': 400,
  'entry.self_types_details': 400,
  'entry.not_unit_player': 400,
  'entry.player_twice': 400,
  'entry.team_by_unit': 400,
  'entry.refusal_reason': 400,
  'entry.new_player_detail': 400,
  'entry.self_enters_alone': 400,
  'affiliation.unknown': 400,
  'event.unknown': 400,
  'event.individual_takes_players': 400,
  'record.unreadable_file': 400,
  'record.dhtmlxq_many': 400,
  'record.not_base64': 400,
  'record.which_game': 400,
  'record.no_such_game': 400,
  'record.game_unreadable': 400,
  'record.stored_unreplayable': 409,
  'record.text_or_file': 400,
  'record.version_needed': 400,
  'record.no_players': 400,
  'record.start_position': 400,
  'record.bad_start': 400,
  'record.bad_move': 400,
  'record_link.unknown': 404,
  'record_link.revoked': 403,
  'record_link.locked': 403,
  'record_link.no_result': 403,
  'record_link.not_due': 403,
  'csv.line': 400,
  'csv.empty': 400,
  'quota.event_needed': 400,
  'quota.no_source_event': 400,
  'quota.source_unplaced': 400,
  'password.blank': 400,
  'password.common': 400,
  'password.few_characters': 400,
  'password.run': 400,
  'password.email': 400,
  'password.name': 400,
  'password.unchanged': 400,
  'password.wrong_current': 400,
  'auth.wrong_password': 401,
  'regulations.unknown_text': 400,
  'regulations.text_shape': 400,
  'regulations.text_too_long': 400,
  'regulations.closes_before_opens': 400,
  'regulations.version_needed': 400,
  'regulations.max_below_min': 400,
  'file.invalid': 400,
  'trf.team_event': 400,
  'trf.two_games': 400,
  'trf.cannot_write': 400,
  // the services' refusals given codes in issue 30 #5 (i18n/messages/refusals.ts)
  'round.draft_pending': 409,
  'round.paired_concurrently': 409,
  'round.redraw_needed': 400,
  'round.undrawn_entries': 400,
  'round.too_few_drawn': 400,
  'round.games_open': 409,
  'round.format_unpairable': 409,
  'round.format_finished': 409,
  'round.no_pairing_system': 409,
  'round.pairing_refused': 409,
  'round.change_breaks_rules': 409,
  'round.change_needs_reason': 400,
  'round.not_draft': 409,
  'input.same_entry': 400,
  'round.no_such_pairing': 400,
  'round.bye_no_colours': 400,
  'round.no_bye': 409,
  'round.has_bye_already': 400,
  'entry.not_in_event': 400,
  'round.pair_forbidden_already': 409,
  'round.publish_breaks_rules': 409,
  'round.not_in_round': 400,
  'round.same_pairing': 400,
  'round.knockout_fixed': 409,
  'round.not_published': 409,
  'round.draft_forbidden': 403,
  'appeal.not_dismissed': 409,
  'appeal.no_game': 409,
  'appeal.entry_not_in_game': 400,
  'appeal.filer': 403,
  'appeal.name_entry': 400,
  'appeal.own_team': 403,
  'appeal.dispute_other_game': 400,
  'appeal.no_committee': 409,
  'appeal.committee_too_small': 409,
  'appeal.game_not_ended': 409,
  'appeal.late': 409,
  'appeal.result_with_uphold_only': 400,
  'appeal.decided': 409,
  'appeal.recused': 403,
  'appeal.withdraw_not_yours': 403,
  'appeal.member_only_affiliation': 400,
  'affiliation.not_in_tournament': 400,
  'sanction.draft_round': 409,
  'game.not_a_player': 400,
  'sanction.no_score_sheet': 400,
  'sanction.disqualify_entries': 400,
  'sanction.not_proposed': 409,
  'sanction.undo_of_undo': 409,
  'sanction.revoked': 409,
  'sanction.revoke_confirmed': 403,
  'input.date_time': 400,
  'game.has_result': 409,
  'dispute.both_sources': 400,
  'dispute.upto_ply': 400,
  'dispute.moves_needed': 400,
  'dispute.upto_ply_record_only': 400,
  'dispute.ruled': 409,
  'dispute.name_result': 400,
  'lineup.team_events_only': 400,
  'lineup.bye': 400,
  'lineup.not_in_match': 400,
  'lineup.captain_or_chief': 403,
  'lineup.none_to_replace': 409,
  'lineup.forfeit_team_match': 400,
  'lineup.boards_have_results': 409,
  'entry.team_event': 400,
  'player.not_in_tournament': 400,
  'entry.women_only': 400,
  'entry.already_entered': 409,
  'entry.already_entered_list': 409,
  // seeds set in bulk (issue 30 #6, libs/registration seed-list.ts)
  'seeds.not_in_event': 400,
  'seeds.listed_twice': 400,
  'seeds.withdrawn': 400,
  'seeds.rank_twice': 400,
  'seeds.too_many': 400,
  'seeds.order_unknown': 400,
  'seeds.order_ambiguous': 400,
  'seeds.order_twice': 400,
  'entry.host_extra_team_only': 400,
  'entry.not_withdrawn': 409,
  'entry.undo_after_draft': 409,
  'entry.undo_after_published': 409,
  'entry.delete_after_round1': 409,
  'entry.team_entry_delete': 400,
  'draw.too_few': 400,
  'tournament.admins_create': 403,
  'tournament.has_play_data': 409,
  'tournament.confirm_name': 400,
  'role.captain_needs_team': 400,
  'role.team_captain_only': 400,
  'team.not_in_tournament': 400,
  'user.no_such_email': 400,
  'invitation.accepted': 409,
  'role.held': 409,
  'role.delegate_needs_unit': 400,
  'role.delegate_only_unit': 400,
  'role.last_organizer': 400,
  'input.end_before_start': 400,
  'event.registration_closed': 409,
  'event.has_entries': 409,
  // the problem lists, draws, files, 422, 429 and 404s given codes last (i18n/messages/refusals-lists.ts)
  'format.not_a_type': 400,
  'format.swiss_rounds': 400,
  'format.rounds_swiss_only': 400,
  'format.groups_needed': 400,
  'format.groups_only': 400,
  'format.individual_only': 400,
  'format.whole': 400,
  'format.first_no_qualifiers': 400,
  'format.knockout_qualifiers': 400,
  'format.after_knockout': 400,
  'format.qualifiers_multiple': 400,
  'event.team_fields_only': 400,
  'clock.stage_beyond': 400,
  'clock.second_needs_moves': 400,
  'clock.second_after_base': 400,
  'lineup.board_count': 400,
  'lineup.not_member': 400,
  'lineup.unavailable': 400,
  'lineup.player_twice': 400,
  'team.starters_count': 400,
  'team.reserves_max': 400,
  'team.player_twice': 400,
  'team.other_affiliation': 400,
  'team.player_in_other_team': 400,
  'player.unknown': 400,
  'player.not_woman': 400,
  'result.penalty_reason_needed': 400,
  'result.penalty_reason_not_allowed': 400,
  'sanction.count_only_unrecorded': 400,
  'sanction.minutes_only_deduction': 400,
  'sanction.minutes_late_only': 400,
  'sanction.decision_only': 400,
  'sanction.disqualify_only': 400,
  'sanction.minutes_needed': 400,
  'adjourn.bad_fen': 400,
  'adjourn.red_seals': 400,
  'adjourn.illegal_sealed': 400,
  'dispute.bad_fen': 400,
  'dispute.bad_move': 400,
  'dispute.illegal_move': 400,
  'dispute.bad_record': 400,
  'dispute.bad_input': 400,
  'draw.no_entries': 400,
  'draw.duplicate_entry': 400,
  'draw.pin_unknown_entry': 400,
  'draw.pin_out_of_range': 400,
  'draw.pin_number_taken': 400,
  'draw.too_many_seeds': 400,
  'draw.seed_position_out_of_range': 400,
  'draw.seed_position_twice': 400,
  'draw.host_extra_without_partner': 400,
  'draw.host_extra_twice': 400,
  'late_draw.no_late_entries': 400,
  'late_draw.duplicate_entry': 400,
  'late_draw.duplicate_number': 400,
  'late_draw.redraw_needed': 400,
  'csv.syntax': 400,
  'csv.empty_file': 400,
  'csv.semicolons': 400,
  'csv.unknown_column': 400,
  'csv.column_twice': 400,
  'csv.column_missing': 400,
  'csv.no_rows': 400,
  'csv.field_count': 400,
  'csv.control_character': 400,
  'csv.empty_cell': 400,
  'csv.too_long': 400,
  'csv.gender': 400,
  'csv.rating': 400,
  'csv.same_player': 400,
  'csv.team_affiliation_missing': 400,
  'csv.role': 400,
  'csv.team_en_differs': 400,
  'csv.affiliation_differs': 400,
  'csv.board_range': 400,
  'csv.board_taken': 400,
  'csv.reserve_board': 400,
  'csv.too_many_reserves': 400,
  'csv.starter_count': 400,
  'csv.already_registered': 400,
  'csv.team_exists': 400,
  'csv.in_another_team': 400,
  'csv.women_only': 400,
  'csv.id_column_missing': 400,
  'csv.unknown_person': 400,
  'csv.same_person': 400,
  'csv.not_whole': 400,
  'rating.list_exists': 400,
  'rating.method': 400,
  'body.not_json': 400,
  'body.not_object': 400,
  'standings.refused': 422,
  'standings.unknown_entry': 422,
  'standings.unknown_player': 422,
  'standings.unknown_criterion': 422,
  'standings.unknown_chain': 422,
  'standings.chain_locked': 422,
  'standings.paired_after_withdrawal_before_start': 422,
  'standings.ambiguous_game': 422,
  'standings.no_bracket': 404,
  'event.not_team': 400,
  'live.page_unknown': 400,
  'form.confirm_needed': 400,
  'limit.hashing': 429,
  'limit.registrations': 429,
  'limit.failed_logins': 429,
  'limit.credential_links': 429,
  'limit.unknown_record_links': 429,
  'limit.record_link': 429,
  'limit.account_attempts': 429,
  'limit.unknown_entry_links': 429,
};

export type ErrorParams = Record<string, string | number>;

/**
 * A refusal of the domain. It is an HttpException (status and JSON body) so that every place that
 * already reads one — the form helpers re-rendering a form with the reason beside its field, the
 * console reading a refusal — keeps working; what it adds is the stable code and the words in
 * every page language.
 */
export class DomainError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    /** The request field the refusal concerns (`file.entries.3.name`), where there is one. */
    readonly field?: string,
    /** Extra JSON the API answers beside the code (e.g. `currentVersion`), never shown as words. */
    readonly extra: Record<string, unknown> = {},
  ) {
    const words = translate(`error.${code}` as MessageKey, 'en', params);
    super(answer(STATUS[code], code, words, params, field, extra), STATUS[code]);
    this.message = words;
  }

  /** The refusal in a page's language. */
  wordsIn(lang: Language): string {
    return translate(`error.${this.code}` as MessageKey, lang, lang === 'zh-Hant' ? traditionalParams(this.params) : this.params);
  }

  /** The API's answer: the stable code, the English words, the field and reason as `errors`. */
  toJson(): Record<string, unknown> {
    return this.getResponse() as Record<string, unknown>;
  }
}

/** One refusal of a list: a code, its values and the field it concerns. */
export interface CodedProblem {
  code: ErrorCode;
  params?: ErrorParams;
  field?: string;
}

/**
 * Several refusals of one request at once (a CSV's lines, a form's fields, a library's list of
 * problems): each with its code and field, so that a page shows each reason beside its field in
 * the page's language. The status and `code` are the first one's; `errors` lists every one.
 */
export class DomainErrors extends DomainError {
  readonly problems: readonly DomainError[];

  constructor(problems: readonly CodedProblem[]) {
    if (!problems.length) throw new Error('DomainErrors needs at least one problem');
    const [first] = problems;
    super(first.code, first.params, first.field);
    this.problems = problems.map((p) => (p === first ? this.single() : new DomainError(p.code, p.params, p.field)));
    const body = this.getResponse() as Record<string, unknown>;
    body.message = this.problems.map((p) => p.message).join('; ');
    body.errors = this.problems.map((p) => ({ field: p.field ?? '', reason: p.message, code: p.code }));
    this.message = body.message as string;
  }

  private single(): DomainError {
    return new DomainError(this.code, this.params, this.field);
  }

  override wordsIn(lang: Language): string {
    return this.problems.map((p) => p.wordsIn(lang)).join(lang === 'en' ? '; ' : '；');
  }
}

/** The values worded in Chinese by the caller (`…Zh`, in Simplified) in Traditional for a zh-Hant page. */
function traditionalParams(params: ErrorParams): ErrorParams {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && k.endsWith('Zh') ? toTraditional(v) : v]));
}

function answer(status: number, code: ErrorCode, words: string, params: ErrorParams, field: string | undefined, extra: Record<string, unknown>) {
  return {
    statusCode: status,
    error: REASON_PHRASE[status] ?? 'Error',
    code,
    message: words,
    ...(field ? { field, errors: [{ field, reason: words, code }] } : {}),
    ...(Object.keys(params).length ? { params } : {}),
    ...extra,
  };
}

const REASON_PHRASE: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Every code (the translation test walks them all). */
export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[];

// ── the common refusals, named ──

/** 404 of a resource that does not exist: `what` names it for people, `field` for programs. */
export function missingResource(field: string, what = field.replace(/Id$/, '')): DomainError {
  return new DomainError('resource.missing', { field, what }, field);
}

/** 409 of an optimistic update based on an old version (common/optimistic.ts). */
export function staleVersion(what: string, currentVersion: number): DomainError {
  // No field: a stale version is the form's error as a whole (the page shows what is stored now).
  return new DomainError('edit.stale', { what, currentVersion }, undefined, { currentVersion });
}

/** 400 of an affiliation (unit) id that is not one of the tournament's. */
export function unknownAffiliation(field: string): DomainError {
  return new DomainError('affiliation.unknown', { field }, field);
}

/** 400 of an event id that is not one of the tournament's. */
export function unknownEvent(field: string): DomainError {
  return new DomainError('event.unknown', { field }, field);
}

/**
 * A coded problem of a 400 built by the validation pipe (`{ field, reason, code, params }` of
 * common/validation.ts) in a page's language; the English reason where it has no code.
 */
export function problemWords(problem: { field?: unknown; reason?: unknown; code?: unknown; params?: unknown }, lang: Language): string | undefined {
  const reason = typeof problem.reason === 'string' ? problem.reason : undefined;
  // English: the API's reason as it is (beside its field on a form).
  if (lang === 'en' || typeof problem.code !== 'string' || !(problem.code in STATUS)) return reason;
  const params = { ...(problem.params as ErrorParams | undefined), field: String(problem.field ?? ''), reason: reason ?? '' };
  return translate(`error.${problem.code as ErrorCode}` as MessageKey, lang, params);
}

/** 400 of a request value (a route or query parameter) checked by hand: a code of the validation pipe's kinds, the English reason as before. */
export function invalidInput(code: ErrorCode, field: string, reason: string, params: ErrorParams = {}): DomainError {
  return new DomainError(code, { ...params, field, reason }, field);
}

/** A request's problem with its English reason and its stable code (a library's or a service's list). */
export interface CodedFieldProblem {
  field: string;
  /** The English reason (the API's words, unchanged). */
  reason: string;
  code: ErrorCode;
  params?: ErrorParams;
}

/**
 * A list of coded problems as one refusal (issue 30 #5): each beside its field, worded in the page's
 * language by its code; the English words keep the API's `field: reason`.
 */
export function codedProblems(problems: readonly CodedFieldProblem[]): DomainErrors {
  const error = new DomainErrors(problems.map((p) => ({ code: p.code, field: p.field, params: { ...p.params, field: p.field, reason: p.reason } })));
  // The API's `errors` keep each reason as the library says it (no field prefix), beside its code.
  (error.getResponse() as Record<string, unknown>).errors = problems.map((p) => ({ field: p.field, reason: p.reason, code: p.code }));
  return error;
}

/**
 * The words of the codes a page's script may meet (by code prefix), as templates in the page's
 * language with their `{slots}`: the script fills them from the refusal's params (issue 30 #5 —
 * a script never shows the API's English on a Chinese page).
 */
export function refusalTemplates(lang: Language, prefixes: readonly string[]): Record<string, string> {
  return Object.fromEntries(ERROR_CODES.filter((c) => prefixes.some((p) => c.startsWith(p))).map((c) => [c, translate(`error.${c}` as MessageKey, lang)]));
}
