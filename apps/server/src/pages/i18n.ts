import { ACCOUNT_MESSAGES } from './messages/account';
import { LAYOUT_MESSAGES } from './messages/layout';

/**
 * The pages' two languages. Chinese is the default (the rules' language); English by `?lang=en`
 * or when the browser's Accept-Language prefers English over Chinese.
 */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function chooseLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  if (query === 'en' || query === 'zh') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((l) => l.tag)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}

const PUBLIC_MESSAGES = {
  appName: { zh: '楚河 · 象棋赛事管理', en: 'Chuhe · Xiangqi tournaments' },
  tournaments: { zh: '赛事', en: 'Tournaments' },
  noTournaments: { zh: '还没有赛事。', en: 'No tournaments yet.' },
  venue: { zh: '地点', en: 'Venue' },
  dates: { zh: '日期', en: 'Dates' },
  organizer: { zh: '主办', en: 'Organizer' },
  rules: { zh: '规则', en: 'Rules' },
  rulesEdition: { zh: '亚洲象棋联合会象棋比赛规例（2017）', en: 'AXF competition rules (2017)' },
  events: { zh: '项目', en: 'Events' },
  noEvents: { zh: '还没有项目。', en: 'No events yet.' },
  entries: { zh: '参赛名单', en: 'Entries' },
  noEntries: { zh: '还没有报名。', en: 'No entries yet.' },
  drawNumber: { zh: '代号', en: 'No.' },
  name: { zh: '姓名', en: 'Name' },
  team: { zh: '队名', en: 'Team' },
  affiliation: { zh: '单位', en: 'Affiliation' },
  affiliationUnnamed: { zh: '（新单位，无英文名）', en: '(new affiliation: no English name yet)' },
  rating: { zh: '等级分', en: 'Rating' },
  seed: { zh: '种子', en: 'Seed' },
  members: { zh: '队员（台次）', en: 'Players (boards)' },
  reserve: { zh: '后补', en: 'reserve' },
  status: { zh: '状态', en: 'Status' },
  withdrawn: { zh: '退出', en: 'withdrawn' },
  late: { zh: '迟报', en: 'late entry' },
  format: { zh: '赛制', en: 'Format' },
  scoring: { zh: '计分', en: 'Scoring' },
  timeControl: { zh: '对局时限', en: 'Time control' },
  kind_individual: { zh: '个人赛', en: 'Individual' },
  kind_team: { zh: '团体赛', en: 'Team' },
  category_open: { zh: '公开', en: 'Open' },
  category_women: { zh: '女子', en: 'Women' },
  stage_round_robin: { zh: '循环赛', en: 'Round-robin' },
  stage_double_round_robin: { zh: '双循环赛', en: 'Double round-robin' },
  stage_group_round_robin: { zh: '分组循环赛', en: 'Group round-robin' },
  stage_swiss: { zh: '积分编排', en: 'Swiss' },
  stage_knockout: { zh: '淘汰赛', en: 'Knockout' },
  stage_championship_5_2: { zh: '5+2 赛制', en: '5+2 championship' },
  stage_championship_6_1: { zh: '6+1 赛制', en: '6+1 championship' },
  rounds: { zh: '轮', en: 'rounds' },
  groups: { zh: '组', en: 'groups' },
  redrawNeeded: { zh: '有报名退出，需要重新抽签（二章7节2）。', en: 'An entry withdrew: a new draw is needed (二章7节2).' },
  notDrawn: { zh: '尚未抽签', en: 'not drawn yet' },
  minutes: { zh: '分钟', en: 'min' },
  seconds: { zh: '秒', en: 's' },
  forfeit: { zh: '弃权', en: 'forfeit' },
  penalty: { zh: '判负', en: 'by penalty' },
  annulled: { zh: '取消', en: 'annulled' },
  round: { zh: '第 {n} 轮', en: 'Round {n}' },
  roundShort: { zh: '轮', en: 'Rd' },
  pairings: { zh: '对阵', en: 'Pairings' },
  results: { zh: '成绩', en: 'Results' },
  standings: { zh: '排名', en: 'Standings' },
  standingsAfter: { zh: '第 {n} 轮后排名', en: 'Standings after round {n}' },
  crosstable: { zh: '成绩表', en: 'Crosstable' },
  rankTable: { zh: '各轮成绩', en: 'Rank table' },
  teamReport: { zh: '团体成绩', en: 'Team results' },
  table: { zh: '台', en: 'Tbl' },
  red: { zh: '红方', en: 'Red' },
  black: { zh: '黑方', en: 'Black' },
  redShort: { zh: '红', en: 'R' },
  blackShort: { zh: '黑', en: 'B' },
  bye: { zh: '轮空', en: 'bye' },
  pointsBefore: { zh: '积分', en: 'Pts' },
  result: { zh: '结果', en: 'Result' },
  rank: { zh: '名次', en: 'Rank' },
  points: { zh: '积分', en: 'Points' },
  why: { zh: '名次依据', en: 'Why this rank' },
  player: { zh: '棋手', en: 'Player' },
  opponent: { zh: '对手', en: 'Opponent' },
  colour: { zh: '先后手', en: 'Colour' },
  matchCard: { zh: '对阵卡', en: 'Match card' },
  board: { zh: '台次', en: 'Board' },
  matchScore: { zh: '场分 / 局分', en: 'Match / game points' },
  lineupSecret: { zh: '排阵表未公开', en: 'Lineup not public yet' },
  state_registration: { zh: '报名中', en: 'Registration' },
  state_playing: { zh: '第 {n} 轮进行中', en: 'Round {n} in play' },
  state_between: { zh: '第 {n} 轮已完成', en: 'Round {n} completed' },
  state_finished: { zh: '已结束', en: 'Finished' },
  noRounds: { zh: '还没有公布的轮次。', en: 'No round published yet.' },
  rankByRound: { zh: '各轮名次', en: 'Rank by round' },
  games: { zh: '对局', en: 'Games' },
  boardPrizes: { zh: '台次奖', en: 'Board prizes' },
  playerRecords: { zh: '队员成绩', en: 'Players by board' },
  registeredAs: { zh: '报名台次', en: 'Registered' },
  byBoard: { zh: '各台得分 / 局数', en: 'Points / games by board' },
  countedTotal: { zh: '个人成绩（附录1 #6）', en: 'Counted total (附录1 #6)' },
  teamRecords: { zh: '各队成绩', en: 'Team records' },
  knockout: { zh: '淘汰赛', en: 'Knockout' },
  place: { zh: '名次', en: 'Place' },
  pending: { zh: '待定', en: 'pending' },
  notesTitle: { zh: '说明', en: 'Notes' },
  printedAt: { zh: '打印时间', en: 'Printed' },
  eventPage: { zh: '项目主页', en: 'Event' },
  titleGM: { zh: '特级大师', en: 'GM' },
  apiDocs: { zh: 'API 文档', en: 'API docs' },
  language: { zh: 'English', en: '中文' },
  notFound: { zh: '找不到这个赛事。', en: 'No such tournament.' },
} as const satisfies Record<string, Record<Language, string>>;

/** Every page's words: one file per page group under messages/, merged here. */
const MESSAGES = { ...PUBLIC_MESSAGES, ...LAYOUT_MESSAGES, ...ACCOUNT_MESSAGES } as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function translate(key: string, lang: Language, vars: Record<string, string | number> = {}): string {
  const entry = (MESSAGES as Record<string, Record<Language, string>>)[key];
  const text = entry ? entry[lang] : key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
