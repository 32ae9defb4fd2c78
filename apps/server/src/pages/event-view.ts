import type { Affiliation, Entry, Event, Player, Team, TeamMember } from '../generated/prisma/client';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { affiliationNeedsEnglishName } from '../imports/imports.service';
import { chineseIn, Language, translateKey } from './i18n';

type ListedEntry = Entry & {
  player: (Player & { affiliation: Affiliation | null }) | null;
  team: (Team & { affiliation: Affiliation; members: (TeamMember & { player: Player })[] }) | null;
};

/** An event and its entries as the page shows them, in one language. */
export function eventView(event: Event & { entries: ListedEntry[] }, lang: Language) {
  const t = (key: string) => translateKey(key, lang);
  const pick = (zh: string, en: string) => (lang === 'en' ? en : chineseIn(lang, zh));
  const stages = (event.stages as { type: string; rounds?: number; groups?: number }[]).map((s) =>
    [t(`stage_${s.type}`), s.rounds ? `${s.rounds} ${t('rounds')}` : '', s.groups ? `${s.groups} ${t('groups')}` : ''].filter(Boolean).join(' '),
  );
  const tc = event.timeControl as { baseMinutes?: number; incrementSeconds?: number; movesInBase?: number };
  const timeControl = [
    tc.baseMinutes ? `${tc.baseMinutes} ${t('minutes')}` : '',
    tc.incrementSeconds ? `+ ${tc.incrementSeconds} ${t('seconds')}` : '',
    tc.movesInBase ? `/ ${tc.movesInBase}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const entries = event.entries
    .slice()
    .sort((a, b) => (a.drawNumber ?? 1e9) - (b.drawNumber ?? 1e9) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((entry) => ({
      drawNumber: entry.drawNumber ?? '–',
      withdrawn: entry.status === 'withdrawn',
      late: entry.lateEntry,
      seed: entry.seed ?? '',
      name: entry.player ? pick(entry.player.nameZh, entry.player.nameEn) : entry.team ? pick(entry.team.nameZh, entry.team.nameEn) : '',
      affiliation: (() => {
        const a = entry.player?.affiliation ?? entry.team?.affiliation;
        return a ? pick(a.nameZh, a.nameEn) : '';
      })(),
      // Created by a CSV import with only a Chinese name: flagged until the organizer names it.
      affiliationUnnamed: (() => {
        const a = entry.player?.affiliation ?? entry.team?.affiliation;
        return a ? affiliationNeedsEnglishName(a) : false;
      })(),
      rating: entry.player?.rating ?? '',
      members: entry.team
        ? entry.team.members
            .slice()
            .sort((a, b) => (a.board ?? 99) - (b.board ?? 99))
            .map((m) => `${m.board ?? t('reserve')}. ${pick(m.player.nameZh, m.player.nameEn)}`)
            .join(lang === 'en' ? ', ' : '、')
        : '',
    }));
  return {
    id: event.id,
    name: pick(event.nameZh, event.nameEn),
    kind: t(`kind_${event.kind}`),
    category: t(`category_${event.category}`),
    isTeam: event.kind === 'team',
    format: stages.join(' → '),
    scoring: SCORING_FROM_DB[event.scoring],
    timeControl,
    redrawNeeded: event.redrawNeeded,
    entries,
    drawn: event.entries.some((e) => e.drawNumber !== null),
  };
}
