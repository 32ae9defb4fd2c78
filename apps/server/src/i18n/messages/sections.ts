/** Messages of the arbiters' sections of tables (issue 35, 三章4B). */
export const SECTIONS_MESSAGES = {
  'sections.title': { zh: '裁判员分工（台次）', en: "Arbiters' tables" },
  'sections.intro': {
    zh: '裁判长分配工作（三章4B）：每位裁判员负责一段台次，其成绩录入页即从这些台次开始；其余台次仍可一键到达。',
    en: 'The chief arbiter divides the work (三章4B): each arbiter has a run of tables, and their result sheet opens on it; every other table stays one link away.',
  },
  'sections.arbiter': { zh: '裁判员', en: 'Arbiter' },
  'sections.tables': { zh: '台次', en: 'Tables' },
  'sections.first': { zh: '首台', en: 'First table' },
  'sections.last': { zh: '末台', en: 'Last table' },
  'sections.save': { zh: '保存', en: 'Save' },
  'sections.remove': { zh: '取消分工', en: 'Remove' },
  'sections.none': { zh: '未分配', en: 'none' },
  'sections.range': { zh: '第{from}–{to}台', en: 'tables {from}–{to}' },
  'sections.noArbiters': {
    zh: '本赛事尚无裁判员：先在“工作人员”中邀请裁判员。',
    en: 'This tournament has no arbiters yet: invite them under Staff first.',
  },
  'sections.unassigned': { zh: '第 {round} 轮无人负责的台次：{tables}', en: 'Tables of round {round} no arbiter has: {tables}' },
  'sections.allAssigned': { zh: '第 {round} 轮的 {n} 台均已有裁判员负责。', en: 'Every one of the {n} tables of round {round} has an arbiter.' },
  'sections.noRound': { zh: '尚未发布轮次：分工可先行设定。', en: 'No round is published yet: the sections can be set beforehand.' },
  'sections.saved': { zh: '已保存 {name} 的台次', en: "{name}'s tables saved" },
  'sections.removed': { zh: '已取消 {name} 的分工', en: "{name}'s section removed" },
  'sections.link': { zh: '裁判员分工', en: "Arbiters' tables" },
  'sections.yours': { zh: '您负责：{range}', en: 'Yours: {range}' },
} as const;
