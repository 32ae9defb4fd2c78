/**
 * Refusals given codes in issue 30 #5, third part (branch lang3): the requests' checks of the
 * entry requests, records, record links, quotas, accounts, regulations and files, and the
 * validation pipe's constraint kinds. Same shape as refusals.ts; spread into ERROR_MESSAGES.
 * The English words keep what the API answered before (`field: reason`): clients matched on them.
 */
export const INPUT_REFUSAL_MESSAGES = {
  // ── the validation pipe: one code per constraint kind (common/validation.ts); {reason} is class-validator's English ──
  'error.input.required': { zh: '{field}：必须填写', en: '{field}: {field} is required' },
  'error.input.not_string': { zh: '{field}：须为文字', en: '{field}: {reason}' },
  'error.input.not_integer': { zh: '{field}：须为整数', en: '{field}: {reason}' },
  'error.input.not_number': { zh: '{field}：须为数字', en: '{field}: {reason}' },
  'error.input.not_boolean': { zh: '{field}：须为是或否', en: '{field}: {reason}' },
  'error.input.not_array': { zh: '{field}：须为列表', en: '{field}: {reason}' },
  'error.input.not_object': { zh: '{field}：须为对象', en: '{field}: {reason}' },
  'error.input.not_uuid': { zh: '{field}：须为有效的编号', en: '{field}: {reason}' },
  'error.input.not_email': { zh: '{field}：须为有效的电子邮件地址', en: '{field}: {reason}' },
  'error.input.not_date': { zh: '{field}：须为有效的日期或时间', en: '{field}: {reason}' },
  'error.input.not_url': { zh: '{field}：须为有效的网址', en: '{field}: {reason}' },
  'error.input.not_time_zone': { zh: '{field}：须为 IANA 时区名称，例如 Asia/Shanghai', en: '{field}: {reason}' },
  'error.input.empty': { zh: '{field}：不能为空', en: '{field}: {reason}' },
  'error.input.too_long': { zh: '{field}：至多 {max} 个字符', en: '{field}: {reason}' },
  'error.input.too_short': { zh: '{field}：至少 {min} 个字符', en: '{field}: {reason}' },
  'error.input.length': { zh: '{field}：长度须在 {min} 至 {max} 个字符之间', en: '{field}: {reason}' },
  'error.input.too_small': { zh: '{field}：不能小于 {min}', en: '{field}: {reason}' },
  'error.input.too_large': { zh: '{field}：不能大于 {max}', en: '{field}: {reason}' },
  'error.input.not_one_of': { zh: '{field}：须为以下之一：{values}', en: '{field}: {reason}' },
  'error.input.too_few_items': { zh: '{field}：至少 {min} 项', en: '{field}: {reason}' },
  'error.input.too_many_items': { zh: '{field}：至多 {max} 项', en: '{field}: {reason}' },
  'error.input.items_repeat': { zh: '{field}：各项不能重复', en: '{field}: {reason}' },
  'error.input.pattern': { zh: '{field}：格式不正确', en: '{field}: {reason}' },
  'error.input.unknown_field': { zh: '{field}：没有这一项，请删去', en: '{field}: {reason}' },
  'error.input.not_allowed': { zh: '{field}：此值不符合要求', en: '{field}: {reason}' },
  'error.input.round_number': { zh: '{field}：须为轮次（0 或正整数）', en: '{field}: {reason}' },
  'error.input.cursor': { zh: '{field}：不是本接口给出的游标', en: '{field}: {reason}' },
  'error.input.version': { zh: '{field}：须为所读取的版本号（正整数）', en: '{field}: {reason}' },
  'error.input.null': { zh: '{field}：不能为空值（不填即可）', en: '{field}: must not be null (leave it out instead)' },
  'error.input.nul_character': { zh: '{field}：不能含有空字符', en: '{field}: must not contain the NUL character' },
  'error.input.lone_surrogate': { zh: '{field}：含有无效的字符', en: '{field}: must be valid Unicode (a lone surrogate was found)' },
  'error.input.out_of_int_range': { zh: '{field}：须在 -{max} 至 {max} 之间', en: '{field}: must be between -{max} and {max}' },
  'error.input.too_deep': { zh: '{field}：嵌套超过 {max} 层', en: '{field}: nested too deeply (more than {max} levels)' },
  'error.input.bad_key': { zh: '{field}：某个键含有空字符或无效的字符', en: '{field}: a key contains the NUL character or a lone surrogate' },
  // ── entry requests (issue 31) ──
  'error.entry.player_needed': { zh: '个人项目须填写一名棋手', en: 'player: an individual event takes a player' },
  'error.entry.team_needed': { zh: '团体项目须填写一支队伍', en: 'team: a team event takes a team' },
  'error.entry.too_many_reserves': { zh: '本项目至多 {max} 名后补队员（附录1 #1）', en: 'team.reserves: the event allows at most {max} reserve(s)' },
  'error.entry.self_types_details': {
    zh: '自行报名的棋手须填写本人资料，不能选择已有棋手',
    en: 'player.playerId: a player entering themselves types their details',
  },
  'error.entry.not_unit_player': { zh: '本单位没有这名棋手', en: "{field}: no such player of the delegate's unit" },
  'error.entry.player_twice': { zh: '同一名棋手在队中出现了两次', en: 'team: a player appears twice in the team' },
  'error.entry.team_by_unit': { zh: '团体须由其单位报名', en: 'affiliationId: a team is entered by its unit' },
  'error.entry.refusal_reason': { zh: '拒绝报名须填写理由', en: 'reason: a refusal gives its reason' },
  'error.entry.new_player_detail': {
    zh: '新棋手须填写此项（或选择已有棋手）',
    en: '{field}: required for a new player (or choose an existing one: playerId)',
  },
  'error.entry.self_enters_alone': { zh: '自行报名的棋手只能报个人，不能报队伍', en: 'team: a player entering themselves enters alone' },
  'error.affiliation.unknown': { zh: '本赛事没有这个单位', en: '{field}: no such affiliation in this tournament' },
  'error.event.unknown': { zh: '本赛事没有这个项目', en: '{field}: no such event in this tournament' },
  'error.event.individual_takes_players': { zh: '这是个人项目：请录入棋手，而不是队伍', en: 'eventId: this is an individual event: enter players instead' },
  // ── records (二章3节) and record links (二章3节7) ──
  'error.record.unreadable_file': { zh: '棋谱文件无法读取', en: '{field}: {detail}' },
  'error.record.dhtmlxq_many': {
    zh: '此页面含有 {count} 局 DhtmlXQ 棋谱：请作为文件上传，并指明是第几局',
    en: 'text: the page holds {count} DhtmlXQ games: upload it as a file and say which one (game: N)',
  },
  'error.record.not_base64': { zh: '上传的文件编码无效', en: 'file: the file is not base64' },
  'error.record.which_game': {
    zh: '文件中有 {count} 局棋谱：请指明是第几局',
    en: 'game: the file holds {count} games; say which one (game: N) — {report}',
  },
  'error.record.no_such_game': { zh: '文件中只有 {count} 局棋谱', en: 'game: the file holds {count} game(s)' },
  'error.record.game_unreadable': { zh: '文件中的第 {index} 局无法读取', en: 'file: {at}{detail}' },
  'error.record.stored_unreplayable': { zh: '已存棋谱无法重放，请重新录入', en: 'record: the stored record no longer replays: {detail}' },
  'error.record.text_or_file': { zh: '请以文字或文件提交棋谱，二者选一', en: 'text: give the record as text or as file (base64), one of them' },
  'error.record.version_needed': {
    zh: '本局已有棋谱（版本 {version}）：替换时须提供其版本号',
    en: 'version: the game has a record (version {version}): give its version to replace it',
  },
  'error.record.no_players': {
    zh: '本局尚无棋手（团体赛的出场名单尚未提交）',
    en: 'gameId: the game has no players yet (a team match before its lineups)',
  },
  'error.record.start_position': {
    zh: '棋谱须从初始局面或封棋局面开始（二章2节4）',
    en: 'startFen: a record starts from the initial position or from the adjourned position (二章2节4)',
  },
  'error.record.bad_start': { zh: '起始局面（FEN）无效', en: 'startFen: {detail}' },
  'error.record.bad_move': { zh: '第 {ply} 步着法无法走出', en: '{field}: {detail}' },
  'error.record_link.unknown': { zh: '没有这个棋谱链接：请核对成绩单上的网址', en: 'no such record link: check the address on your result slip' },
  'error.record_link.revoked': { zh: '此棋谱链接已作废：请向裁判索取新链接', en: 'this record link was revoked: ask the arbiter for the new one' },
  'error.record_link.locked': { zh: '裁判已锁定此棋谱：如需更正请找裁判', en: 'the arbiter has locked this record; ask the arbiter for any correction' },
  'error.record_link.no_result': {
    zh: '成绩尚未录入：裁判录入成绩后才能录入棋谱（二章3节7）',
    en: 'the result is not in yet: the record is entered once the arbiter has the result (二章3节7)',
  },
  'error.record_link.not_due': {
    zh: '二章3节7：棋谱由胜方录入（和棋由红方录入）——{whyZh}；这是{sideZh}的链接',
    en: "二章3节7: the winner enters the record (Red on a draw) — {whyEn}; this is {sideEn}'s link",
  },
  // ── units' quotas (附录2 #1) ──
  'error.csv.line': { zh: 'CSV 第 {line} 行：{detailZh}', en: 'csv: line {line}: {detail}' },
  'error.csv.empty': { zh: 'CSV 中没有单位', en: 'csv: no unit in the CSV' },
  'error.quota.event_needed': { zh: '名额须指明所属项目', en: 'eventId: a quota needs the event it is for' },
  'error.quota.no_source_event': { zh: '没有这个项目', en: 'fromEventId: no such event' },
  'error.quota.source_unplaced': {
    zh: '该项目尚无至少两个单位的最终名次',
    en: 'fromEventId: the event has no final standings with two placed units yet',
  },
  // ── accounts ──
  'error.password.blank': { zh: '密码不能只有空白', en: '{field}: must not be only whitespace' },
  'error.password.common': { zh: '这是最常见的密码之一：请另选一个', en: '{field}: is one of the most common passwords; choose another' },
  'error.password.few_characters': { zh: '密码中不同的字符太少', en: '{field}: has too few different characters' },
  'error.password.run': { zh: '密码是连续的按键或字符', en: '{field}: is a run of consecutive keys or characters' },
  'error.password.email': { zh: '密码不能包含您的电子邮件地址', en: '{field}: must not contain your email address' },
  'error.password.name': { zh: '密码不能是您的名字', en: '{field}: must not be your name' },
  'error.password.unchanged': { zh: '新密码须与当前密码不同', en: 'newPassword: must differ from the current password' },
  'error.password.wrong_current': { zh: '当前密码不正确', en: 'currentPassword: is not your current password' },
  'error.auth.wrong_password': { zh: '电子邮件或密码错误', en: 'wrong email or password' },
  // ── regulations (规程) ──
  'error.regulations.unknown_text': { zh: '这不是规程的一部分（{parts}）', en: '{field}: not a part of the regulations ({parts})' },
  'error.regulations.text_shape': { zh: '须为中文与英文两段文字', en: '{field}: must be { zh, en } with two strings' },
  'error.regulations.text_too_long': { zh: '每段至多 {max} 个字符', en: '{field}: at most {max} characters each' },
  'error.regulations.closes_before_opens': { zh: '报名截止须晚于报名开始', en: 'registrationClosesAt: must be after registrationOpensAt' },
  'error.regulations.version_needed': {
    zh: '修改已公布的规程须提供所读取的版本号',
    en: 'version: the version read is needed to change written regulations',
  },
  'error.regulations.max_below_min': { zh: '{fieldZh}的上限不能低于下限', en: '{field}: must not be below {other}' },
  // ── files (tournament file, TRF) ──
  'error.file.invalid': { zh: '赛事文件中的 {field} 无效', en: '{field}: {detail}' },
  'error.trf.team_event': {
    zh: '团体项目没有 TRF 导出：读取 TRF 的编排程序只接受个人项目；请改用赛事文件',
    en: "eventId: a team event has no TRF export: the pairing programs that read TRF (bbpPairings, JaVaFo) take individual events only — bbpPairings refuses TRF's team records (013) — so a team TRF would be read by nothing; use the tournament file (GET /api/events/:eventId/tournament-file) instead",
  },
  'error.trf.two_games': {
    zh: 'TRF 每轮每个对阵只有一个成绩：每对阵两局的项目无法写出',
    en: 'eventId: TRF has one result per round and pairing: an event with two games per pairing cannot be written',
  },
  'error.trf.cannot_write': { zh: '无法写出符合读取规则的 TRF 文件', en: '{field}: {detail}' },
} as const;
