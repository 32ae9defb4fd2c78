/**
 * The pairing library's reasons in words (issue 30 #5): libs/pairing refuses a round with a
 * PairingError code and its checker reports findings with a PairingCheckCode; the English message
 * stays the library's (the CLI's, the API's `message`), pages show these words by the code.
 */
export const PAIRING_MESSAGES = {
  // ── why a round cannot be paired (PairingErrorCode) ──
  'pairingError.previous_round_unfinished': { zh: '上一轮尚有对局没有成绩，积分无法确定', en: 'the previous round has games without a result' },
  'pairingError.round_out_of_order': { zh: '只能编排下一轮', en: 'only the next round can be paired' },
  'pairingError.no_bye_candidate': { zh: '人数为奇数，而每名有效参赛者都已轮空过', en: 'an odd field, and every active entry already had a bye' },
  'pairingError.no_valid_pairing': {
    zh: '在不重复相遇、不相遇设定等规则下，有参赛者无法配对',
    en: 'the rules (no rematch, forbidden pairs) leave entries unpaired',
  },
  'pairingError.unsupported': { zh: '本赛制无法编排这一轮', en: 'this format does not pair this round' },
  // ── what the checker finds in a round (PairingCheckCode) ──
  'finding.unknown_entry': { zh: '对阵中有不是本项目参赛者的编号', en: 'a pairing names an id that is not an entry' },
  'finding.self_pairing': { zh: '参赛者与自己配对', en: 'an entry paired with itself' },
  'finding.paired_twice': { zh: '参赛者出现在两个对阵中（或既有对阵又轮空）', en: 'an entry in two pairings, or paired and given a bye' },
  'finding.unpaired': { zh: '有效参赛者既没有对阵也没有轮空', en: 'an active entry neither paired nor given a bye' },
  'finding.withdrawn_paired': { zh: '已退出的参赛者被编排（二章7节）', en: 'an entry withdrawn before this round is paired (二章7节)' },
  'finding.rematch': { zh: '两方此前已相遇', en: 'the two met before' },
  'finding.forbidden_pair': { zh: '裁判长设定不相遇的两方（或同单位）被编在一起', en: 'a pair forbidden by the chief arbiter (or of the same affiliation)' },
  'finding.second_bye': { zh: '已轮空过的参赛者再次轮空', en: 'an entry given a second bye' },
  'finding.extra_bye': { zh: '轮空多于所需', en: 'more byes than the field needs' },
  'finding.colour_difference': { zh: '本轮后先后手次数相差超过 2', en: "after this round an entry's Red and Black counts differ by more than 2" },
  'finding.three_same_colour': { zh: '连续三次同一先后手（附录2 #8）', en: 'the same colour three times in a row (附录2 #8)' },
  'finding.needless_float': {
    zh: '不必要的跨分组配对：交换对手可使两对分数更接近',
    en: 'a needless float: exchanging partners brings both pairs closer in score',
  },
} as const;
