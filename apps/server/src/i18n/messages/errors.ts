/**
 * The words of every domain error (common/errors.ts): one entry per code, `error.<code>`, zh + en,
 * `{name}` slots filled from the error's params. A page shows the page language's words; the API
 * answers the English words beside the stable code.
 */
import { REFUSAL_MESSAGES } from './refusals';
import { INPUT_REFUSAL_MESSAGES } from './refusals-input';
import { LIST_REFUSAL_MESSAGES } from './refusals-lists';

export const ERROR_MESSAGES = {
  ...REFUSAL_MESSAGES,
  ...INPUT_REFUSAL_MESSAGES,
  ...LIST_REFUSAL_MESSAGES,
  // ── access ──
  'error.auth.not_logged_in': { zh: '请先登录', en: 'log in first (Authorization: Bearer <token>)' },
  'error.auth.lacks_role': { zh: '需要本赛事的以下职务之一：{roles}', en: 'needs one of the roles {roles} in this tournament' },
  'error.auth.cross_site': {
    zh: '此表单是从另一个网站提交的，已被拒绝：请在本站的页面上登录或提交',
    en: "this form was sent from another site and is refused: log in or send it from this site's own page",
  },
  'error.auth.csrf': {
    zh: '表单缺少安全令牌（CSRF）或已过期：请刷新页面后重试',
    en: 'the form is missing its security token (CSRF) or it is out of date: reload the page and try again',
  },
  'error.auth.not_yours': {
    zh: '这不是您的页面：您的账号没有关联这位棋手',
    en: 'this is not your page: your account is not linked to this player',
  },
  'error.auth.other_unit': { zh: '只能查看或修改本单位的报名', en: "a delegate sees and changes only their own unit's entries" },
  // ── resources and concurrency ──
  'error.resource.missing': { zh: '所请求的记录不存在（{field}）', en: 'no such {what}' },
  'error.edit.stale': {
    zh: '该记录已被他人修改（当前版本 {currentVersion}）：请刷新后重试',
    en: 'version: the {what} was changed by someone else (current version {currentVersion}); reload and try again',
  },
  'error.edit.collision': { zh: '与同时进行的另一项修改冲突，请重试', en: 'the change collided with another one at the same time; try again' },
  'error.database.unavailable': {
    zh: '数据库暂时不可用，请稍后重试',
    en: 'the database is unavailable; try again shortly (see /api/health)',
  },
  'error.input.invalid': { zh: '{field}：{reason}', en: '{field}: {reason}' },
  'error.form.duplicate_submit': { zh: '此表单已提交过一次', en: 'this form was already submitted once' },
  'error.slips.no_public_url': {
    zh: '服务器在反向代理之后，但未设置公开地址（CHUHE_PUBLIC_URL），记录单上的二维码无法指向正确的网址：请管理员设置后再打印',
    en: "the server runs behind a proxy without its public address (CHUHE_PUBLIC_URL), so the slips' QR codes cannot point to the right address: ask the administrator to set it, then print",
  },
  'error.form.unreadable_body': {
    zh: '请求体不是可读的表单（内容类型：{type}）：请从页面上的表单提交（application/x-www-form-urlencoded）',
    en: "the body is not a form this page can read (content type: {type}): send the page's form (application/x-www-form-urlencoded)",
  },
  // ── entries (issue 31) ──
  'error.entry.window_closed': {
    zh: '报名时间为 {opens} 至 {closes}（三章1 报名办法）；截止后只有组委会或裁判长可以补报',
    en: 'entries are taken from {opens} to {closes} (三章1 registration); after the close only the organizer or chief arbiter enters, with a reason',
  },
  'error.entry.over_quota': {
    zh: '{unit}在{event}的名额为 {quota}，已用 {used}（附录2 #1）',
    en: '{unit} has a quota of {quota} in {event} and has used {used} (附录2 #1)',
  },
  'error.entry.field_full': { zh: '{event}已满额（{max} 名，竞赛规程）', en: '{event} is full ({max} entries, the regulations)' },
  'error.entry.gender': { zh: '{event}仅限女子参加（二章1节）', en: '{event} is for women only (二章1节)' },
  'error.entry.birth_year': {
    zh: '出生年份 {year} 不在参赛资格范围 {min}–{max} 内（三章1 参加资格）',
    en: 'birth year {year} is outside the eligibility bounds {min}–{max} (三章1 eligibility)',
  },
  'error.entry.rating': {
    zh: '等级分 {rating} 不在参赛资格范围 {min}–{max} 内（三章1 参加资格）',
    en: 'rating {rating} is outside the eligibility bounds {min}–{max} (三章1 eligibility)',
  },
  'error.entry.duplicate': { zh: '{name}已报名{event}', en: '{name} has already entered {event}' },
  'error.entry.other_unit': { zh: '{name}已由{unit}报名', en: '{name} is already entered by {unit}' },
  'error.entry.team_starters': {
    zh: '队伍需要 {starters} 名正选队员，现有 {given} 名（附录1 #1）',
    en: 'a team needs {starters} starters; {given} given (附录1 #1)',
  },
  'error.entry.members_only': { zh: '{event}仅接受受邀单位的报名', en: '{event} takes entries from invited units only' },
  'error.entry.no_self_registration': { zh: '{event}不接受个人报名', en: '{event} does not take entries from players themselves' },
  'error.entry.banned': {
    zh: '{name}在禁赛期内（至 {until}，二章8节3）',
    en: '{name} is banned until {until} (二章8节3)',
  },
  'error.entry.decided': { zh: '该报名已处理（{state}）', en: 'this entry request was already decided ({state})' },
  'error.entry.none_waiting': { zh: '候补名单上没有人', en: 'nobody is on the waiting list' },
  'error.entry.confirm_unknown': {
    zh: '确认链接无效：请检查邮件中的链接，或重新报名',
    en: 'this confirmation link is unknown: check the link in the mail, or enter again',
  },
  'error.entry.confirm_expired': {
    zh: '确认链接已过期（{hours} 小时内有效）：请重新报名',
    en: 'this confirmation link has expired (it is valid for {hours} hours): enter again',
  },
  'error.entry.mail_unavailable': {
    zh: '本站未设置邮件服务器，无法用电子邮件确认报名：请注册账号后报名',
    en: 'this site has no mail server, so an entry cannot be confirmed by e-mail: sign up, then enter',
  },
  'error.entry.too_many': {
    zh: '来自您地址的报名太多，请 {minutes} 分钟后再试',
    en: 'too many entry requests from your address: try again in {minutesEn}',
  },
  'error.entry.not_editable': {
    zh: '该报名已处理（{state}），不能再修改',
    en: 'this entry request was already decided ({state}) and can no longer be changed',
  },
  'error.fee.decided': { zh: '该费用已登记（{state}）', en: 'this fee was already marked ({state})' },
  // ── venue (issue 32) ──
  'error.credential.revoked': { zh: '此证件已作废（已重新打印或被收回）', en: 'this credential was revoked (reprinted or withdrawn)' },
  'error.credential.unknown': { zh: '无效的证件链接', en: 'not a valid credential link' },
  'error.checkin.already': { zh: '已于 {time} 检录', en: 'already checked in at {time}' },
  'error.checkin.not_entered': { zh: '{name} 未报名参加此项目', en: '{name} is not entered in this event' },
  'error.checkin.no_round': {
    zh: '本项目按轮检录，但没有已公布且未开始的轮次',
    en: 'this event checks in per round, and no published round is waiting to start',
  },
  'error.start.already': { zh: '第{n}轮已于 {time} 开始', en: 'round {n} already started at {time}' },
  'error.start.not_published': { zh: '第{n}轮尚未公布，不能开始', en: 'round {n} is not published: it cannot start' },
  'error.start.not_started': { zh: '第{n}轮尚未开始（二章7节1：由裁判长宣布开始）', en: 'round {n} has not started (二章7节1: the chief arbiter starts it)' },
  'error.start.tolerance_running': {
    zh: '迟到时限至 {time}（补充规定），届时方可判缺席负',
    en: 'the late limit runs until {time} (supplementary regulations): absences are recorded after it',
  },
  // ── arbiters' sections of tables (issue 35, 三章4B) ──
  'error.section.first_table': { zh: '台号从 1 开始', en: 'tables are numbered from 1' },
  'error.section.order': { zh: '末台号不能小于首台号', en: 'the last table cannot come before the first' },
  'error.section.too_large': { zh: '台号最多为 {max}', en: 'a table number is at most {max}' },
  'error.section.not_arbiter': {
    zh: '{name} 不是本赛事的裁判员：先在“工作人员”中邀请其担任裁判',
    en: '{name} is not an arbiter of this tournament: invite them as an arbiter under Staff first',
  },
  // ── persons and ratings (issue 33) ──
  'error.admin.required': { zh: '此操作仅限服务器管理员', en: 'only a server administrator may do this' },
  'error.person.already_linked': { zh: '该棋手已对应到一位棋手档案', en: 'this player is already linked to a person' },
  'error.person.twice_in_tournament': {
    zh: '该棋手档案已对应本赛事的另一名棋手',
    en: 'that person is already another player of this tournament',
  },
  'error.person.merged': { zh: '{name}已合并到另一档案', en: '{name} was merged into another person' },
  'error.person.merge_conflict': { zh: '两份档案不能合并：{reason}', en: 'the two persons cannot be merged: {reason}' },
  'error.merge.undone': { zh: '此合并已撤销', en: 'this merge was already undone' },
  'error.ban.lifted': { zh: '此禁赛已于 {at} 解除', en: 'this ban was already lifted on {at}' },
  'error.ban.length': { zh: '禁赛期须为一年至三年（二章8节3）', en: 'a ban runs one to three years (二章8节3)' },
  'error.rating.not_rated': { zh: '{event}未计入任何等级分名单', en: '{event} is not rated in any rating list' },
  // ── withdrawals (二章7节2–4) ──
  'error.withdrawal.already': { zh: '该报名已退出比赛', en: 'entry: already withdrawn' },
  'error.withdrawal.before_start_only': {
    zh: '尚未公布任何轮次：只能在第1轮前退出（二章7节2）',
    en: 'afterRound: no round is published yet: the entry withdraws before round 1 (afterRound 0) (二章7节2)',
  },
  'error.withdrawal.after_last_published': {
    zh: '退出的轮次不能晚于已公布的最后一轮（第{round}轮）',
    en: 'afterRound: must be at most the last published round ({round})',
  },
  'error.withdrawal.paired': {
    zh: '该报名已在第{round}轮编排：只能在第1轮或之后退出',
    en: 'afterRound: the entry is paired in round {round}: it withdraws after a round ≥ 1',
  },
  'error.withdrawal.had_bye': {
    zh: '该报名在第{round}轮轮空：只能在第{round}轮或之后退出',
    en: 'afterRound: the entry had the bye in round {round}: it withdraws after round {round} or later',
  },
  'error.withdrawal.played': {
    zh: '该报名在第{round}轮已实际对局：只能在第{round}轮或之后退出（二章7节3–4）',
    en: 'afterRound: the entry played in round {round} (a result over the board): it withdraws after round {round} or later (二章7节3–4)',
  },
  // ── lineups (附录1 #8) ──
  'error.lineup.deadline_passed': {
    zh: '排阵表应于 {deadline} 前提交（附录1 #8）；裁判长仍可更正',
    en: 'deadline: lineups were due at {deadline} (附录1 #8); the chief arbiter may still correct one',
  },
  'error.lineup.released': {
    zh: '双方排阵表均已提交并公开；现在只有裁判长可以更改',
    en: 'lineup: both lineups are in and public; only the chief arbiter may change one now',
  },
  'error.lineup.reason_needed': { zh: '裁判长提交或更正排阵表须填写原因', en: "reason: the chief arbiter's lineup or correction needs a reason" },
  'error.lineup.results_entered': { zh: '本场已有台次录入成绩，不能再改排阵表', en: 'lineup: results are already entered in this match' },
  // ── results and corrections (issue 30) ──
  'error.result.draft_round': {
    zh: '第 {round} 轮尚未公布：成绩在公布后录入',
    en: 'round: round {round} is a draft; results are entered once it is published',
  },
  'error.result.no_players': {
    zh: '第 {table} 台第 {board} 盘尚无对局者（排阵表未交）',
    en: 'game: board {board} of table {table} has no players yet (lineups)',
  },
  'error.result.lineups_missing': {
    zh: '{teamsZh}的排阵表尚未提交（附录1 #8）：双方排阵表提交或截止时间过后才能录入成绩；裁判长可填写原因后现在录入',
    en: 'lineups: {subjectEn} not in yet (附录1 #8): a result is entered once both lineups are in or the deadline has passed; the chief arbiter may enter it now with a reason',
  },
  'error.result.correction_pairers_only': {
    zh: '第 {next} 轮已编排：只有裁判长或组委会可以更改第 {round} 轮的成绩',
    en: 'round {next} is already paired: only the chief arbiter or the organizer may change a result of round {round}',
  },
  'error.result.correction_reason': {
    zh: '第 {next} 轮已编排：更正成绩须填写原因',
    en: 'reason: round {next} is already paired: a correction needs a reason',
  },
  'error.result.sanction_decides': {
    zh: '本局已确认的处罚决定了结果：{articleZh}，即“{resultZh}”。请录入该结果，或先撤销处罚（一章3节6，二章9节）',
    en: 'result: the confirmed sanctions decide this game: {articleEn}, i.e. "{resultEn}". Enter that result, or revoke the sanction first (一章3节6, 二章9节)',
  },
  'error.result.later_game_of_match': {
    zh: '第 {board} 局在决定本场胜负的对局之后：请先更正那一局',
    en: 'game: game {board} of match {match} comes after the game that decides the match; correct that game first',
  },
  'error.record.illegal_move': {
    zh: '棋谱第 {moveNumber} 回合{sideZh}「{text}」无法走出：{whyZh}（第 {ply} 步）',
    en: 'text: move {moveNumber}{dots} {text} cannot be played: {whyEn} (ply {ply})',
  },
  'error.record.after_end': {
    zh: '棋谱第 {moveNumber} 回合{sideZh}「{text}」（第 {ply} 步）：对局此前已经结束，其后不能再有着法',
    en: 'text: move {moveNumber}{dots} {text} (ply {ply}): the game was already over',
  },
  'error.record.syntax': {
    zh: '棋谱无法读取：请用中文纵线、WXF、ICCS 或 PGN 格式，每步一个着法',
    en: 'text: the record cannot be read ({detail}): use Chinese, WXF, ICCS or PGN, one move after another',
  },
  'error.dispute.no_record': {
    zh: '本局尚无已存棋谱：请先录入棋谱，或在棋盘上摆出局面（不勾选「依已存棋谱」）',
    en: 'fromRecord: the game has no stored record (PUT /api/games/:gameId/record): enter it first, or set the position up on the board',
  },
  'error.record.bad_fen': { zh: '起始局面（FEN）无效', en: 'fen: the start position is not valid ({detail})' },
  'error.sanction.apply_reason': { zh: '重新执行处罚须填写原因', en: 'reason: applying the sanctions to the result needs a reason' },
  // ── suspension of play (三章4E) and the event's settings (三章4C) ──
  'error.suspension.not_published': {
    zh: '此轮尚未公布，没有进行中的比赛可暂停（三章4E）',
    en: 'this round is not published: there is no play to suspend (三章4E)',
  },
  'error.suspension.complete': {
    zh: '此轮所有对局已有结果，无需暂停（三章4E）',
    en: 'every game of this round has its result: there is no play left to suspend (三章4E)',
  },
  'error.suspension.resume_before_now': { zh: '恢复比赛的时间须晚于现在（三章4E）', en: 'resumesAt: play resumes after now (三章4E)' },
  'error.suspension.not_suspended': { zh: '此轮比赛并未暂停', en: 'play of this round is not suspended' },
  'error.settings.round1_paired': {
    zh: '第 1 轮已编排：名次计算设置和规则解读在开赛前由裁判长确定，此后不能更改（三章4C）',
    en: 'round 1 has been paired: the standings settings and the readings of the rules are fixed by the chief arbiter before play, and cannot change now (三章4C)',
  },
  'error.result.advanced_fixed': {
    zh: '第 {next} 轮的淘汰赛对阵已公布，不能再编排（三章4C）：此更正会改变晋级者（{matchesZh}），因此不予接受。第 {round} 轮的成绩保持原样；如确有错误，须在公布下一轮之前更正',
    en: 'round {next} is a published knockout round and is not paired again (三章4C): this correction would change who advances ({matches}), so it is refused. The result of round {round} stands; a wrong result must be corrected before the next round is published',
  },
  'error.record.differs_from_game': {
    zh: '棋谱所记的结果或对局者与本局不符：请对照两者核实，确认无误后再保存（勾选“确认”）',
    en: 'confirm: the record says another result or other players than this game: compare them side by side, then confirm to store it',
  },
} as const;
