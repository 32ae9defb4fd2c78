/**
 * Issue 30, rules found missing: suspension of play (三章4E), time controls per stage with a
 * second period (二章2节, 附录3 #4), the deputy chief arbiter (三章3A), the venue printouts of 三章6B
 * (name cards, record forms, score tables) and the event's readings of open articles.
 */
export const RULES_MESSAGES = {
  // ── suspension (三章4E) ──
  playSuspended: { zh: '比赛暂停', en: 'Play suspended' },
  suspendedNotice: {
    zh: '本轮比赛已暂停（三章4E），定于 {at} 在 {venue} 恢复进行。',
    en: 'Play of this round is suspended (三章4E); it resumes at {at}, {venue}.',
  },
  suspendedShort: { zh: '暂停，{at} 于 {venue} 恢复', en: 'suspended; resumes {at}, {venue}' },
  suspendTitle: { zh: '暂停比赛（三章4E）', en: 'Suspend play (三章4E)' },
  suspendHint: {
    zh: '宣布暂停并安排恢复进行的时间与地点；公众页面随即显示。暂停期间仍可录入已结束对局的成绩。再次提交可更改时间或地点。',
    en: 'Declare play suspended with the time and place it resumes; the public pages show it at once. Results of games that ended stay open for entry meanwhile. Send again to change the time or place.',
  },
  resumesAt: { zh: '恢复时间', en: 'Resumes at' },
  resumeVenue: { zh: '恢复地点', en: 'Place' },
  suspendReason: { zh: '原因（记入日志）', en: 'Reason (for the log)' },
  suspendButton: { zh: '宣布暂停', en: 'Suspend play' },
  resumeButton: { zh: '恢复比赛', en: 'Resume play' },
  // ── time controls (二章2节, 附录3 #4) ──
  clockBase: { zh: '每方 {minutes} 分钟', en: '{minutes} min each' },
  clockIncrement: { zh: '每步加 {seconds} 秒', en: '+ {seconds} s per move' },
  clockMovesInBase: { zh: '须走满 {moves} 着', en: 'for {moves} moves' },
  clockSecondPeriod: {
    zh: '用时满 {after} 分钟后，每 {minutes} 分钟须走满 {moves} 着（二章2节2）',
    en: 'after {after} min used, {moves} moves in every {minutes} min (二章2节2)',
  },
  clockStageSlow: { zh: '第 {n} 阶段', en: 'stage {n}' },
  clockStageRapid: { zh: '第 {n} 阶段快棋', en: 'stage {n}, rapid games' },
  clockEvent: { zh: '正赛', en: 'regular games' },
  // ── the event's readings (issue 30: open readings, each with its article) ──
  readingsTitle: { zh: '规则解读（赛前由裁判长确定，三章4C）', en: 'Readings of the rules (fixed by the chief arbiter before play, 三章4C)' },
  'reading.twoGameSmallPoints': { zh: '两局制循环赛的“小分”（二章6节2 A）', en: '“小分” in a two-game round-robin (二章6节2 A)' },
  'reading.twoGameSmallPoints.sonneborn_berger': {
    zh: '所胜对手全部积分、所和对手一半积分（索伯分）',
    en: 'Sonneborn–Berger (all of a beaten opponent’s points, half of a drawn one’s)',
  },
  'reading.twoGameSmallPoints.game_points': {
    zh: '局分（二章5节2：两局制的局分称“小分”）',
    en: 'game points (二章5节2 calls a two-game pairing’s 局分 “小分”)',
  },
  'reading.blackInDirectGameTies': {
    zh: '三人或以上同分时的“两人对赛时执后手者为胜”（二章6节2 F）',
    en: '“Black in the game between the two” with three or more tied (二章6节2 F)',
  },
  'reading.blackInDirectGameTies.two_only': { zh: '只用于两人同分（条文为“两人”）', en: 'only for two tied players (the article says “two”)' },
  'reading.blackInDirectGameTies.among_tied': {
    zh: '同分者相互全部对赛过时，比较相互对局中执后手局数',
    en: 'when all the tied met each other: games with Black among them',
  },
  'reading.appealTieFee': { zh: '仲裁委员会表决票数相等时的申诉费（二章8节4）', en: 'The appeal fee when the committee’s vote ties (二章8节4)' },
  'reading.appealTieFee.forfeited': { zh: '没收（申诉被驳回即为败诉）', en: 'forfeited (a dismissed appeal has failed)' },
  'reading.appealTieFee.refunded': { zh: '退还（无多数票反对申诉人）', en: 'refunded (no majority ruled against the appellant)' },
  // The counting settings of the tie-break criteria (libs/standings settings.ts; the rules are silent).
  'readingGroup.articles': { zh: '条文的解读', en: 'Readings of the articles' },
  'readingGroup.opponents': {
    zh: '对手分、小分、强对手分的计算（二章6节，条文未规定）',
    en: 'Counting 对手分, 小分 and 强对手分 (二章6节; the rules are silent)',
  },
  'readingGroup.games': {
    zh: '胜局、后手局、直胜、犯规的计算（二章6节，条文未规定）',
    en: 'Counting wins, Black games, direct encounters and fouls (二章6节; the rules are silent)',
  },
  'reading.byeInOpponentCriteria': { zh: '轮空在对手分、小分等中计为', en: 'A bye counts in 对手分, 小分 … as' },
  'reading.forfeitInOpponentCriteria': { zh: '弃权局在对手分、小分等中计为', en: 'A forfeit counts in 对手分, 小分 … as' },
  'reading.withdrawnOpponent': { zh: '退出比赛的对手在对手分、小分等中计为', en: 'A withdrawn opponent counts in 对手分, 小分 … as' },
  'reading.unplayed.zero': { zh: '0 分', en: 'nothing (0)' },
  'reading.unplayed.own_score': { zh: '本人（本队）的最终积分', en: 'the entry’s own final total' },
  'reading.unplayed.opponent': { zh: '对手的最终积分（如同对局已进行）', en: 'the opponent’s final total (as if played)' },
  'reading.withdrawnOpponent.actual': { zh: '该对手的实际积分', en: 'the opponent’s actual total' },
  'reading.strongOpponent': { zh: '“强对手分”的算法', en: 'How “强对手分” (strongest opponents) is computed' },
  'reading.strongOpponent.opponent_scores_desc': {
    zh: '对手积分从高到低逐一比较',
    en: 'the opponents’ totals from the highest down, one by one',
  },
  'reading.strongOpponent.best_opponent': { zh: '只比较最强对手的积分', en: 'the strongest opponent’s total only' },
  'reading.strongOpponent.buchholz_cut1': { zh: '去掉最弱对手后的对手分', en: '对手分 without the weakest opponent' },
  'reading.strongOpponent.beaten_opponents_desc': {
    zh: '所胜对手积分从高到低逐一比较',
    en: 'the beaten opponents’ totals from the highest down',
  },
  'reading.forfeitWinsAreWins': { zh: '对方弃权的胜局计入胜局数', en: 'A win by forfeit counts as a win (胜局数 …)' },
  'reading.byeIsWin': { zh: '轮空计入胜局数', en: 'A bye counts as a win (胜局数 …)' },
  'reading.unplayedBlackGames': { zh: '未进行（弃权）的后手局计入后手局数', en: 'Unplayed (forfeited) games with Black count (后手局 …)' },
  'reading.forfeitsInDirectEncounter': { zh: '同分者之间的弃权局计入直胜', en: 'A forfeit between the tied counts in 直胜 / 两人对赛' },
  'reading.yes': { zh: '是', en: 'yes' },
  'reading.no': { zh: '否', en: 'no' },
  'reading.directEncounter': { zh: '同分者并未全部相遇时的直胜', en: '直胜 when not all the tied met' },
  'reading.directEncounter.complete_only': { zh: '不采用（只在全部相遇时比较）', en: 'skipped (only when every pair met)' },
  'reading.directEncounter.mini_table': { zh: '比较同分者之间已赛对局的积分', en: 'the points in the games among them' },
  'reading.fouls': { zh: '“犯规少”计算的犯规', en: 'What “犯规少” (fewer fouls) counts' },
  'reading.fouls.technical': { zh: '只计技术犯规', en: 'technical fouls only' },
  'reading.fouls.technical_and_violations': { zh: '技术犯规和违例', en: 'technical fouls and violations' },
  readingsSave: { zh: '保存规则解读', en: 'Save the readings' },
  readingsFrozen: { zh: '第 1 轮已编排，规则解读不能再更改（三章4C）。', en: 'Round 1 has been paired: the readings are fixed (三章4C).' },
  // ── printouts of 三章6B ──
  printNameCards: { zh: '台签（名牌）', en: 'Name cards' },
  printRecordForms: { zh: '记录纸', en: 'Record forms' },
  printScoreTable: { zh: '成绩表', en: 'Score table' },
  nameCardsTitle: { zh: '台签 · {event}', en: 'Name cards · {event}' },
  recordFormsTitle: { zh: '记录纸 · {round}', en: 'Record forms · {round}' },
  scoreTableTitle: { zh: '成绩表 · {event}', en: 'Score table · {event}' },
  recordMoveNo: { zh: '着', en: 'No.' },
  recordRedMove: { zh: '红方', en: 'Red' },
  recordBlackMove: { zh: '黑方', en: 'Black' },
  recordFormRule: {
    zh: '每着记录清楚（二章3节）；累计漏记 16 着判负（二章3节6）。对局结束后填写结果及双方用时，双方与裁判签字（二章8节6）。',
    en: 'Record every move clearly (二章3节); 16 moves left unrecorded lose the game (二章3节6). After the game write the result and both times used; both players and the arbiter sign (二章8节6).',
  },
  scoreTableRule: {
    zh: '每轮成绩（对手代号与结果）及累计积分（三章3B）。',
    en: 'Each round (opponent’s draw number and result) and the running score (三章3B).',
  },
  tableLabel: { zh: '第 {n} 台', en: 'Table {n}' },
  drawNumberShort: { zh: '代号', en: 'No.' },
  totalScore: { zh: '积分', en: 'Points' },
  readingDefault: { zh: '默认', en: 'default' },
  slipWin: { zh: '胜', en: 'won' },
  slipLoss: { zh: '负', en: 'lost' },
  deputyChiefArbiter: { zh: '副裁判长', en: 'Deputy chief arbiter' },
};
