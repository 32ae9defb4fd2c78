import { KNOCKOUT_ROUND_KEYS, STAGE_KEYS, wordIn } from '../i18n/keys';
import { CRITERIA, type CriterionId } from '@chuhe/standings';
import type { StagePlaceReason } from '@chuhe/pairing';
import type { StandingsService } from '../standings/standings.service';
import { bilingual, pick } from './event-pages';
import { isMessageKey, Language, translate } from '../i18n/i18n';
import type { EntryInfo } from './event-page-view';

/** The standings' view helpers: the report's table and places, the chain's columns, "why this rank". Pure. */

export type Report = Awaited<ReturnType<StandingsService['standings']>>['report'];
export interface Row {
  rank: number;
  entry: string;
  score: number;
  values: Record<string, unknown>;
  decidedBy: { label: string; rule: string; previous: unknown; current: unknown; criterion: string } | null;
  sharedRank: boolean;
  withdrawn?: { afterRound: number; reason: string };
}
export interface ChainStep {
  criterion: string;
  label: string;
  rule: string;
  definition: string;
}
export interface PlaceRow {
  place: number;
  places: [number, number];
  entry: string;
  shared?: boolean;
  status: string;
  basis: 'knockout' | 'standings';
  matches?: { stage: string; round: number; winner: string | null; loser: string | null; decidingGame: { kind: string } | null }[];
  row?: Row;
  /** A stage chain's places (libs/pairing stage-chain-standings): why, as data, and the stage it came from. */
  reason?: StagePlaceReason;
  stage?: number;
  notReached?: number;
}

export function tableOf(report: Report): { rows: Row[]; chain: ChainStep[] } {
  // A championship or a stage chain keeps the whole table under `standings` (libs/pairing standings-report).
  return 'standings' in report ? report.standings : report;
}

export function placesOf(report: Report): PlaceRow[] | undefined {
  return 'places' in report ? report.places : undefined;
}

/** A chain step's column heading: the rules' Chinese name, or the English one. */
export function criterionLabel(id: string, label: string, kind: string, lang: Language): string {
  const c = CRITERIA[id as CriterionId];
  if (!c) return label;
  if (lang === 'en') return c.english.split(/[(:;,]/)[0].trim();
  const zh = label && label !== id ? label.split(/[（(]所/)[0].replace(/^[A-H（(]?\w?[)）.、]?\s*/, '') : '';
  return translateKeyChinese(zh || (kind === 'team' ? c.name.team : c.name.individual), lang);
}

export function translateKeyChinese(text: string, lang: Language): string {
  return lang === 'zh-Hant' ? bilingual({ nameZh: text, nameEn: '' }, lang).primary : text;
}

/** The rules' definition of a criterion, in the page's language (the English is CRITERIA's). */
export function definitionOf(c: ChainStep, lang: Language): string {
  const k = CRITERIA[c.criterion as CriterionId];
  if (lang === 'en') return k ? k.definition : c.label;
  const zh = `critDef_${c.criterion}`;
  return isMessageKey(zh) ? translate(zh, lang) : translateKeyChinese(c.label, lang);
}

/** An article reference in the page's language: the chains' "附录2 #10 item 1" reads "附录2 #10 第1项" in Chinese. */
export function ruleText(rule: string, lang: Language): string {
  return lang === 'en' ? rule : translateKeyChinese(rule.replace(/ item (\d+)/g, ' 第$1项'), lang);
}

export function showValue(v: unknown): string {
  if (v === null || v === undefined) return '–';
  return Array.isArray(v) ? v.join(' ') : String(v);
}

export function whyText(row: Row, lang: Language, labelOf: (criterion: string, label: string) => string): string {
  if (row.sharedRank) return translate('whyTied', lang);
  const d = row.decidedBy;
  if (!d) return '';
  if (d.criterion === 'lot') return translate('whyLot', lang);
  return translate('whyVs', lang, {
    label: labelOf(d.criterion, d.label),
    previous: showValue(d.previous),
    current: showValue(d.current),
    rule: ruleText(d.rule, lang),
  });
}

/** Why a championship place (附录2 #10, 附录3 #2): the knockout match that decided it, or the others' standings — names, never ids. */
export function placeWhy(p: PlaceRow, names: Map<string, EntryInfo>, lang: Language, labelOf: (criterion: string, label: string) => string): string {
  if (p.reason) return stagePlaceWhy(p.reason, p.stage ?? 1, p.notReached, lang);
  if (p.basis === 'knockout') {
    const decided = p.places[0] === p.places[1] ? [...(p.matches ?? [])].reverse().find((m) => m.winner !== null && m.stage !== 'semi_final') : undefined;
    if (decided && decided.decidingGame) {
      const won = decided.winner === p.entry;
      const opponent = pick(names.get((won ? decided.loser : decided.winner)!), lang);
      const stage = wordIn(KNOCKOUT_ROUND_KEYS, decided.stage, lang);
      return translate(won ? 'whyPlaceKnockoutWon' : 'whyPlaceKnockoutLost', lang, {
        stage,
        round: decided.round,
        opponent,
        kind: translate(`gameKind_${decided.decidingGame.kind as 'regular'}`, lang),
      });
    }
    return translate('whyPlaceRange', lang, { from: p.places[0], to: p.places[1] });
  }
  const row = p.row;
  const base = translate('whyPlaceStandings', lang, { rank: row?.rank ?? p.place, score: row?.score ?? '' });
  const why = row ? whyText(row, lang, labelOf) : '';
  return why ? `${base}; ${why}` : base;
}

/** A stage chain's place (二章1节3: by the last stage, then the stage before), worded from the library's reason — nothing recomputed. */
export function stagePlaceWhy(reason: StagePlaceReason, stage: number, notReached: number | undefined, lang: Language): string {
  const text = (() => {
    switch (reason.kind) {
      case 'knockout_won':
        return translate('whyStageKnockoutWon', lang);
      case 'knockout_lost':
        return translate('whyStageKnockoutLost', lang, { round: wordIn(KNOCKOUT_ROUND_KEYS, reason.lostIn, lang) });
      case 'knockout_pending':
        return translate('whyStageKnockoutPending', lang, { to: reason.upTo });
      case 'stage_rank':
        return translate(reason.group ? 'whyStageGroupRank' : 'whyStageRank', lang, {
          rank: reason.rank,
          stage,
          type: wordIn(STAGE_KEYS, reason.stageType, lang),
        });
      case 'by_table':
        return translate('whyStageByTable', lang);
    }
  })();
  return notReached ? `${text}${translate('whyStageNotReached', lang, { stage: notReached })}` : text;
}
