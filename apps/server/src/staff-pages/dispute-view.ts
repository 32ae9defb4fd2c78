import type { DisputeReport } from '@chuhe/xiangqi';
import { bilingualKey, chineseIn, type Language } from '../i18n/i18n';
import { tr } from './staff-view';

/** The engine's report of a disputed position (libs/xiangqi disputeReport) in the page's language; the SVG diagrams are the server's own markup. */
export function disputeView(r: DisputeReport, lang: Language) {
  const t = tr(lang);
  const side = (s: DisputeReport['sides']['red']) => `${chineseIn(lang, s.label[bilingualKey(lang)])}${s.violation ? ` (${t('dispute.violation')})` : ''}`;
  return {
    verdict: chineseIn(lang, r.verdictText[bilingualKey(lang)]),
    explanation: chineseIn(lang, r.explanation[bilingualKey(lang)]),
    rules: r.rules === 'cxa' ? 'CXA' : 'AXF 2017',
    articles: r.articles.join('；'),
    red: side(r.sides.red),
    black: side(r.sides.black),
    procedure: `${chineseIn(lang, r.procedure[bilingualKey(lang)])} ${t('dispute.cycles', { n: r.procedure.cycles })}`,
    moves: r.cycleMoves.map((m) => ({
      ply: m.ply,
      side: m.side === 'red' ? t('staff.red') : t('staff.black'),
      zh: m.zh,
      primary: lang === 'en' ? `${m.primaryZh} ${m.primary}` : m.primaryZh,
      kinds: m.kinds.map((k) => (lang === 'en' ? k.en : k.zh)).join('；'),
    })),
    diagrams: r.diagrams.map((g) => g.svg),
  };
}
