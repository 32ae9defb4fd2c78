/**
 * The last refusals given codes (issue 30 #5, fourth part): the problem lists of the libraries and
 * services (formats, clocks, lineups, teams, sanctions), the draws, the rating and player CSVs, the
 * tournament file's body, the standings' 422, the live page, the 429s and the pages' 404s.
 * Same shape as refusals.ts; spread into ERROR_MESSAGES. A list's English words are the API's
 * `field: reason` as before (`{reason}` is the library's English reason); the Chinese words come
 * from the code alone, so a Chinese page never shows the library's English.
 */
export const LIST_REFUSAL_MESSAGES = {
  // ── an event's format (libs/pairing event-format.ts, 二章1节3) ──
  'error.format.not_a_type': { zh: '赛制阶段的类型无效', en: '{field}: {reason}' },
  'error.format.swiss_rounds': { zh: '积分编排制阶段须填写轮数', en: '{field}: {reason}' },
  'error.format.rounds_swiss_only': { zh: '只有积分编排制阶段有轮数', en: '{field}: {reason}' },
  'error.format.groups_needed': { zh: '分组循环须填写组数', en: '{field}: {reason}' },
  'error.format.groups_only': { zh: '只有分组循环有组数', en: '{field}: {reason}' },
  'error.format.individual_only': { zh: '此赛制只用于个人项目（附录2、附录3）', en: '{field}: {reason}' },
  'error.format.whole': { zh: '此赛制本身即完整赛制，不能与其他阶段组合', en: '{field}: {reason}' },
  'error.format.first_no_qualifiers': { zh: '第一阶段由全部参赛者参加：只有后续阶段有出线名额', en: '{field}: {reason}' },
  'error.format.knockout_qualifiers': { zh: '其他阶段之后的淘汰赛须填写出线名额（例如 8）', en: '{field}: {reason}' },
  'error.format.after_knockout': { zh: '淘汰赛之后不能再设阶段（淘汰赛只决出冠军）', en: '{field}: {reason}' },
  'error.format.qualifiers_multiple': { zh: '出线名额须为上一阶段组数（{groups} 组）的倍数，每组出线人数相同', en: '{field}: {reason}' },
  'error.event.team_fields_only': { zh: '只有团体项目有正选和后补人数', en: '{field}: {reason}' },
  // ── the time control (libs/tournament time-control.ts, 二章2节) ──
  'error.clock.stage_beyond': { zh: '本项目只有 {count} 个阶段', en: '{field}: {reason}' },
  'error.clock.second_needs_moves': { zh: '第二时段（二章2节2 限时限着制）须填写第一时段的着数', en: '{field}: {reason}' },
  'error.clock.second_after_base': { zh: '第二时段须在基本用时用完之时或之后开始', en: '{field}: {reason}' },
  // ── lineups (libs/tournament lineup.ts, 附录1) and a team's members ──
  'error.lineup.board_count': { zh: '排阵表须恰好列出 {count} 名棋手，每台一名（附录1 #1）', en: '{field}: {reason}' },
  'error.lineup.not_member': { zh: '不是本队已报名的队员（附录1 #1）', en: '{field}: {reason}' },
  'error.lineup.unavailable': { zh: '该棋手不能出赛（已退赛、停赛或被取消资格）', en: '{field}: {reason}' },
  'error.lineup.player_twice': { zh: '同一棋手排在两个台次', en: '{field}: {reason}' },
  'error.team.starters_count': { zh: '本项目须按台次恰好 {count} 名正选', en: '{field}: {reason}' },
  'error.team.reserves_max': { zh: '本项目最多 {count} 名后补', en: '{field}: {reason}' },
  'error.team.player_twice': { zh: '同一棋手在队中出现两次', en: '{field}: {reason}' },
  'error.team.other_affiliation': { zh: '该棋手不属于本队的单位', en: '{field}: {reason}' },
  'error.team.player_in_other_team': { zh: '该棋手已在本项目的另一队', en: '{field}: {reason}' },
  'error.player.unknown': { zh: '本赛事没有此棋手', en: '{field}: {reason}' },
  'error.player.not_woman': { zh: '女子项目只接受女棋手（二章1节）', en: '{field}: {reason}' },
  // ── results and sanctions ──
  'error.result.penalty_reason_needed': { zh: '判负须填写裁决理由', en: '{field}: {reason}' },
  'error.result.penalty_reason_not_allowed': { zh: '只有判负才有裁决理由', en: '{field}: {reason}' },
  'error.sanction.count_only_unrecorded': { zh: '只有「未记录着法」有着数', en: '{field}: {reason}' },
  'error.sanction.minutes_only_deduction': { zh: '只有「扣时」有分钟数', en: '{field}: {reason}' },
  'error.sanction.minutes_late_only': { zh: '只有「续赛未到」有迟到分钟数', en: '{field}: {reason}' },
  'error.sanction.decision_only': { zh: '只有「违纪」（二章8节11，第三次）有处理决定', en: '{field}: {reason}' },
  'error.sanction.disqualify_only': { zh: '只有「串通作弊」（二章8节3）在此取消参赛者资格', en: '{field}: {reason}' },
  'error.sanction.minutes_needed': { zh: '扣时须填写分钟数', en: '{field}: {reason}' },
  'error.adjourn.bad_fen': { zh: '封棋局面（FEN）无效', en: '{field}: {reason}' },
  'error.adjourn.red_seals': { zh: '由执红方写暗着（二章2节4、三章6K）：封棋时须轮到红方走', en: '{field}: {reason}' },
  'error.adjourn.illegal_sealed': { zh: '暗着在封棋局面中不合规则', en: '{field}: {reason}' },
  // ── a dispute's replay (libs/xiangqi dispute-report.ts) ──
  'error.dispute.bad_fen': { zh: '起始局面（FEN）无效', en: '{field}: {detail}' },
  'error.dispute.bad_move': { zh: '第 {ply} 着无法识别', en: '{field}: {detail}' },
  'error.dispute.illegal_move': { zh: '第 {ply} 着不合规则', en: '{field}: {detail}' },
  'error.dispute.bad_record': { zh: '棋谱无法读取', en: '{field}: {detail}' },
  'error.dispute.bad_input': { zh: '所给的局面无法绘制', en: '{field}: {detail}' },
  // ── the draw (libs/registration draw.ts, late-entry.ts; 附录1 #5, 二章7节2) ──
  'error.draw.no_entries': { zh: '没有可抽签的参赛者', en: '{field}: {detail}' },
  'error.draw.duplicate_entry': { zh: '同一参赛者出现两次', en: '{field}: {detail}' },
  'error.draw.pin_unknown_entry': { zh: '指定号码的参赛者不在本项目', en: '{field}: {detail}' },
  'error.draw.pin_out_of_range': { zh: '指定的抽签号超出范围', en: '{field}: {detail}' },
  'error.draw.pin_number_taken': { zh: '同一抽签号或同一参赛者被指定了两次', en: '{field}: {detail}' },
  'error.draw.too_many_seeds': { zh: '种子选手多于种子位置', en: '{field}: {detail}' },
  'error.draw.seed_position_out_of_range': { zh: '种子位置超出抽签号范围', en: '{field}: {detail}' },
  'error.draw.seed_position_twice': { zh: '同一种子位置列出两次', en: '{field}: {detail}' },
  'error.draw.host_extra_without_partner': { zh: '东道主增额队须有同单位的另一队', en: '{field}: {detail}' },
  'error.draw.host_extra_twice': { zh: '只能增加一支东道主队', en: '{field}: {detail}' },
  'error.late_draw.no_late_entries': { zh: '没有需要补抽签号的迟到参赛者（二章7节2：请重新抽签）', en: '{field}: {detail} (二章7节2: make a new draw)' },
  'error.late_draw.duplicate_entry': { zh: '同一参赛者出现两次（二章7节2：请重新抽签）', en: '{field}: {detail} (二章7节2: make a new draw)' },
  'error.late_draw.duplicate_number': { zh: '同一抽签号由两名参赛者持有（二章7节2：请重新抽签）', en: '{field}: {detail} (二章7节2: make a new draw)' },
  'error.late_draw.redraw_needed': { zh: '迟到的参赛者无法补入现有抽签（二章7节2：请重新抽签）', en: '{field}: {detail} (二章7节2: make a new draw)' },
  // ── files and lists people bring ──
  'error.csv.import_line': { zh: 'CSV 第 {line} 行（{column} 列）有误', en: '{field}: {reason}' },
  'error.rating.list_exists': { zh: '已有同名的等级分表', en: 'name: a rating list of this name exists' },
  'error.rating.csv_line': { zh: 'CSV 第 {line} 行（{column} 列）有误', en: '{field}: {reason}' },
  'error.rating.method': { zh: '等级分计算方法的常数不符合要求（{field}）', en: '{field}: {reason}' },
  'error.body.not_json': { zh: '赛事文件不是有效的 JSON', en: 'body: not JSON: {detail}' },
  'error.body.not_object': { zh: '赛事文件须为 JSON 对象', en: 'body: must be a JSON object { file, nameZh?, nameEn?, category? }' },
  // ── standings, live pages, forms ──
  'error.standings.refused': { zh: '成绩表无法计算：已存的数据不被规则接受，请联系管理员', en: 'standings: {detail}' },
  'error.standings.no_bracket': { zh: '本项目没有淘汰赛对阵图', en: '{detail}' },
  'error.event.not_team': { zh: '团体报告只用于团体项目', en: 'eventId: a team report is for team events' },
  'error.live.page_unknown': { zh: '所请求的页面不是本项目的公开页面', en: 'page must be the path of one of this event’s public pages (with ?lang=)' },
  'error.form.confirm_needed': { zh: '此操作须先确认：请在其页面上确认', en: 'confirm: this action asks first; confirm it on its page' },
  // ── the 429s (auth/rate-limit.ts): Retry-After says how long ──
  'error.limit.hashing': {
    zh: '您的地址同时发出的登录或注册请求过多：请等前面的请求完成',
    en: 'too many login or registration requests at once from your address; wait for the previous ones',
  },
  'error.limit.registrations': { zh: '您的地址注册次数过多：请 {seconds} 秒后再试', en: 'too many registrations from your address; try again later' },
  'error.limit.failed_logins': {
    zh: '此账户或您的地址登录失败次数过多：请 {seconds} 秒后再试',
    en: 'too many failed logins for this account or from your address: wait before the next attempt',
  },
  'error.limit.credential_links': {
    zh: '您的地址申请凭证链接次数过多：请 {seconds} 秒后再试',
    en: 'too many credential link requests from your address; try again later',
  },
  'error.limit.unknown_record_links': {
    zh: '您的地址打开的无效棋谱链接过多：请核对成绩单上的地址，{seconds} 秒后再试',
    en: 'too many unknown record links from your address; check the address on your result slip and try again later',
  },
  'error.limit.account_attempts': {
    zh: '此账户尝试失败次数过多：请 {seconds} 秒后再试',
    en: 'too many failed attempts for this account: wait before the next one',
  },
  'error.limit.unknown_entry_links': {
    zh: '您的地址打开的无效报名链接过多：请核对邮件中的链接，{seconds} 秒后再试',
    en: 'too many unknown entry links from your address; check the link in your mail and try again later',
  },
  'error.limit.record_link': { zh: '通过此棋谱链接的请求过多：请 {seconds} 秒后再试', en: 'too many requests through this record link; try again later' },
} as const;
