import { Controller, Get, Param, Query, Render, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { uuidParam } from '../common/id-param';
import { chooseLanguage, HTML_LANG, withTraditional, type Language } from '../pages/i18n';

/** The staff pages' words (zh + en); the page script reads them from a JSON block. */
const LABELS: Record<Language, Record<string, unknown>> = withTraditional<Record<string, unknown>>({
  zh: {
    disputeTitle: '待判局面', disputeIntro: '裁判开具待判局面（三章6G），查看棋例判断、循环着法与棋图，并作出裁决。',
    appealTitle: '仲裁复审', appealIntro: '仲裁委员会成员审阅申诉、裁判报告、棋谱及棋图，并表决（三章7）。',
    login: '登录', email: '电子邮件', password: '密码', error: '错误',
    report: '棋例判断', rules: '棋例', articles: '条文', red: '红方', black: '黑方', violation: '犯例', procedure: '处理', cycles: '已循环次数',
    ply: '着', side: '方', move: '着法', kind: '性质', detail: '说明', diagrams: '循环局面棋图（红方在下）', check: '将', chase: '捉', moveArrow: '着法',
    ruling: '裁决', rulingText: '裁决内容', result: '结果', fromVerdict: '依棋例判断', saveRuling: '记录裁决', ruled: '已裁决',
    open: '开具待判局面', fromRecord: '依已存棋谱', uptoPly: '至第几着（可空）', fen: '局面（FEN，可空）', moves: '着法（空格分隔）', lenient: '局面依棋盘摆出（允许不寻常的子位）', openSubmit: '开具并判断',
    appeal: '申诉', state: '状态', fee: '上诉费', game: '对局', round: '轮', table: '台', board: '盘', committee: '仲裁委员会', sitting: '出席', recused: '避席',
    canDecide: '人数符合规定', majority: '过半数', votes: '已投票', record: '棋谱', sanctions: '犯规及处分', decided: '已裁决', youAreRecused: '您所属单位与本局有关，须避席（三章7D）。',
    vote: '表决', yourVote: '您的投票', choice: '意见', uphold: '申诉得直', dismiss: '驳回申诉', upholdResult: '得直时的对局结果', note: '备注', castVote: '投票',
    states: { filed: '已提出', upheld: '得直', dismissed: '驳回', withdrawn: '撤回' },
    fees: { paid: '已缴', refunded: '退还', forfeited: '没收' },
    results: { red_win: '红胜', draw: '和', black_win: '黑胜', red_win_forfeit: '红胜（弃权）', black_win_forfeit: '黑胜（弃权）', red_win_penalty: '红胜（判）', black_win_penalty: '黑胜（判）', double_forfeit: '双方弃权', annulled: '取消' },
  },
  en: {
    disputeTitle: 'Disputed position', disputeIntro: 'Open a disputed position (三章6G), read the engine’s verdict, the cycle’s moves and the diagrams, and rule.',
    appealTitle: 'Appeal hearing', appealIntro: 'Committee members read the appeal, the arbiter’s report, the record and the diagrams, and vote (三章7).',
    login: 'Log in', email: 'Email', password: 'Password', error: 'Error',
    report: 'Engine report', rules: 'Rules', articles: 'Articles', red: 'Red', black: 'Black', violation: 'violation', procedure: 'Procedure', cycles: 'cycles played',
    ply: 'Ply', side: 'Side', move: 'Move', kind: 'Kind', detail: 'Detail', diagrams: 'Positions of the cycle (Red at the bottom)', check: 'check', chase: 'chase', moveArrow: 'move',
    ruling: 'Ruling', rulingText: 'Ruling', result: 'Result', fromVerdict: 'from the verdict', saveRuling: 'Record the ruling', ruled: 'Ruled',
    open: 'Open a disputed position', fromRecord: 'from the stored record', uptoPly: 'up to ply (optional)', fen: 'Position (FEN, optional)', moves: 'Moves (space-separated)', lenient: 'position typed from the board (unusual placements allowed)', openSubmit: 'Open and judge',
    appeal: 'Appeal', state: 'State', fee: 'Fee', game: 'Game', round: 'round', table: 'table', board: 'board', committee: 'Appeals committee', sitting: 'Sitting', recused: 'Recused',
    canDecide: 'The committee can decide', majority: 'majority', votes: 'Votes cast', record: 'Record', sanctions: 'Fouls and penalties', decided: 'Decided', youAreRecused: 'Your affiliation is involved in this game: you are recused (三章7D).',
    vote: 'Vote', yourVote: 'Your vote', choice: 'Choice', uphold: 'Uphold', dismiss: 'Dismiss', upholdResult: 'Result if upheld', note: 'Note', castVote: 'Cast vote',
    states: { filed: 'filed', upheld: 'upheld', dismissed: 'dismissed', withdrawn: 'withdrawn' },
    fees: { paid: 'paid', refunded: 'refunded', forfeited: 'forfeited' },
    results: { red_win: 'Red wins', draw: 'draw', black_win: 'Black wins', red_win_forfeit: 'Red wins (forfeit)', black_win_forfeit: 'Black wins (forfeit)', red_win_penalty: 'Red wins (penalty)', black_win_penalty: 'Black wins (penalty)', double_forfeit: 'double forfeit', annulled: 'annulled' },
  },
});

/**
 * Staff pages (issue 11): shells that a small script (public/staff.js) fills from the API with the
 * bearer token of POST /api/auth/login kept in sessionStorage. They show nothing without it: the
 * API checks the roles (arbiters for disputes, appeals members for votes).
 */
@ApiExcludeController()
@Controller('staff')
export class StaffPagesController {
  @Get('games/:gameId/dispute')
  @Render('dispute')
  openDispute(@Param('gameId', uuidParam('gameId')) gameId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return page(chooseLanguage(lang, req.headers['accept-language']), `/staff/games/${gameId}/dispute`, 'disputeTitle', { gameId, disputeId: '' });
  }

  @Get('disputes/:disputeId')
  @Render('dispute')
  dispute(@Param('disputeId', uuidParam('disputeId')) disputeId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return page(chooseLanguage(lang, req.headers['accept-language']), `/staff/disputes/${disputeId}`, 'disputeTitle', { gameId: '', disputeId });
  }

  @Get('appeals/:appealId')
  @Render('appeal')
  appeal(@Param('appealId', uuidParam('appealId')) appealId: string, @Query('lang') lang: unknown, @Req() req: Request) {
    return page(chooseLanguage(lang, req.headers['accept-language']), `/staff/appeals/${appealId}`, 'appealTitle', { appealId });
  }
}

function page(lang: Language, path: string, titleKey: string, data: Record<string, string>) {
  const s = LABELS[lang];
  return {
    layout: 'layouts/main',
    lang,
    htmlLang: HTML_LANG[lang],
    title: s[titleKey] as string,
    switchHref: `${path}?lang=${lang === 'en' ? 'zh' : 'en'}`,
    s,
    labelsJson: JSON.stringify(s).replace(/</g, '\\u003c'),
    ...data,
  };
}
