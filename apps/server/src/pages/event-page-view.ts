import type { KnockoutRoundName } from '@chuhe/pairing';
import type { RoundsService } from '../rounds/rounds.service';
import { bilingual, pick, type Named } from './event-pages';
import { HTML_LANG, Language, translate } from '../i18n/i18n';
import { personFields, type HeldTitle, type PersonRef } from './person-name';

/**
 * The frame every public event page shares (issues 12, 21): the tabs, breadcrumbs and print header,
 * an entry's link and status, a round's label. Pure view helpers of the event pages' controllers.
 */

export type RoundView = Awaited<ReturnType<RoundsService['list']>>[number];
export type PairingView = RoundView['pairings'][number];
export interface EntryInfo extends Named {
  title: string;
  drawNumber: number | null;
  rating: number | null;
  affiliation: Named | null;
  status: string;
  withdrawnAfterRound: number | null;
  withdrawalReason: string | null;
  /** The person registry's profile (issue 33), where the player is matched. */
  personId?: string | null;
  /** The titles the person holds (title rules, issue 33 #4). */
  held?: HeldTitle[];
}

/** A team member as the boards name them: names and person. */
export interface PersonInfo extends Named {
  personId: string | null;
  held: HeldTitle[];
}

/** A member's name cell (team boards, player records): linked to the profile where there is one. */
export function memberName(p: PersonInfo | Named | null | undefined, language: Language) {
  if (!p) return null;
  return { ...bilingual(p, language), ...personFields(p as PersonRef, language) };
}

export function layout(
  lang: Language,
  event: { id: string; nameZh: string; nameEn: string; kind: string; stages: unknown; tournament: { id: string; nameZh: string; nameEn: string } },
  path: string,
  subtitle?: string,
) {
  const eventName = pick(event, lang);
  const tournamentName = pick(event.tournament, lang);
  const stages = (event.stages as { type: string }[]).map((s) => s.type);
  const roundRobin = stages.some((s) => s.includes('round_robin'));
  const knockout = stages.length > 1 || stages.some((s) => s === 'knockout' || s.startsWith('championship'));
  const tabs = [
    { label: translate('hub', lang), href: `/events/${event.id}?lang=${lang}` },
    { label: translate('standings', lang), href: `/events/${event.id}/standings?lang=${lang}` },
    {
      label: translate(event.kind === 'team' ? 'teamCrosstable' : roundRobin ? 'crosstable' : 'rankTable', lang),
      href: `/events/${event.id}/crosstable?lang=${lang}`,
    },
    { label: translate(event.kind === 'team' ? 'teams' : 'players', lang), href: `/events/${event.id}/players?lang=${lang}` },
    ...(event.kind === 'team' ? [{ label: translate('teamReport', lang), href: `/events/${event.id}/teams?lang=${lang}` }] : []),
    ...(knockout ? [{ label: translate('bracket', lang), href: `/events/${event.id}/bracket?lang=${lang}` }] : []),
  ];
  const crumbs = [
    { label: tournamentName, href: `/tournaments/${event.tournament.id}?lang=${lang}` },
    ...(subtitle ? [{ label: eventName, href: `/events/${event.id}?lang=${lang}` }, { label: subtitle }] : [{ label: eventName }]),
  ];
  return {
    layout: 'layouts/main',
    lang,
    htmlLang: HTML_LANG[lang],
    // The page, the event, the tournament: a tab or a bookmark says which.
    title: [subtitle, eventName, tournamentName].filter(Boolean).join(' · '),
    breadcrumbs: crumbs,
    printHeader: [tournamentName, eventName, subtitle].filter(Boolean).join(' · '),
    eventNav: {
      tournament: { name: tournamentName, href: `/tournaments/${event.tournament.id}?lang=${lang}` },
      event: { name: eventName, otherName: lang === 'en' ? pick(event, 'zh') : event.nameEn, href: `/events/${event.id}?lang=${lang}` },
      tabs,
    },
  };
}

export function entryLink(eventId: string, id: string, names: Map<string, EntryInfo>, language: Language) {
  const e = names.get(id);
  return {
    ...bilingual(e, language),
    href: `/events/${eventId}/entries/${id}?lang=${language}`,
    drawNumber: e?.drawNumber ?? '',
    rating: e?.rating ?? '',
    title: e?.title ?? '',
    ...personFields(e, language),
    affiliation: e?.affiliation ? pick(e.affiliation, language) : '',
    status: e ? statusText(e, language) : '',
  };
}

export function side(eventId: string, id: string, names: Map<string, EntryInfo>, before: Map<string, string>, language: Language) {
  const e = names.get(id);
  return { ...entryLink(eventId, id, names, language), named: (e ?? { nameZh: '', nameEn: '' }) as Named, points: before.get(id) ?? '0' };
}

/** A PGN download, named in English on English pages (records.controller.ts pgnName). */
export function pgnHref(path: string, lang: Language): string {
  return lang === 'en' ? `${path}?lang=en` : path;
}

export function timeZoneOf(tournament: object): string {
  const tz = (tournament as { timeZone?: unknown }).timeZone;
  return typeof tz === 'string' && tz ? tz : 'Asia/Shanghai';
}

/** "Round 7 · Final": a knockout round says which. */
export function roundLabel(n: number, ko: KnockoutRoundName | undefined, lang: Language): string {
  const r = translate('round', lang, { n });
  return ko ? translate('roundOf', lang, { round: r, name: translate(`knockoutRound_${ko}`, lang) }) : r;
}

/** Registration, round N in play, round N completed. */
export function eventState(rounds: readonly RoundView[], lang: Language): string {
  if (rounds.length === 0) return translate('state_registration', lang);
  const last = rounds[rounds.length - 1];
  if (last.state !== 'completed') return translate('state_playing', lang, { n: last.number });
  return translate('state_between', lang, { n: last.number });
}

export function withdrawnText(w: { afterRound: number; reason: string }, lang: Language): string {
  const base = w.afterRound === 0 ? translate('withdrawnBefore', lang) : translate('withdrawnAfter', lang, { n: w.afterRound });
  if (w.reason === 'disqualification') return `${translate('disqualified', lang)} · ${base}`;
  if (w.reason === 'removal') return `${translate('removed', lang)} · ${base}`;
  return base;
}

export function statusText(e: EntryInfo, lang: Language): string {
  if (e.status !== 'withdrawn') return '';
  return withdrawnText({ afterRound: e.withdrawnAfterRound ?? 0, reason: e.withdrawalReason ?? 'withdrawal' }, lang);
}
