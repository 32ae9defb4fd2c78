import { STAGE_KEYS, wordIn } from '../i18n/keys';
import type { Affiliation, Entry, Event, Player, Team, TeamMember } from '../generated/prisma/client';
import { SCORING_FROM_DB } from '../events/scoring-map';
import { affiliationNeedsEnglishName } from '../imports/imports.service';
import { chineseIn, Language, translate, type MessageKey } from '../i18n/i18n';
import { eventClocks, eventClocksLine } from '../i18n/clock-text';
import { personFields, type HeldTitle } from './person-name';

type ListedEntry = Entry & {
  player: (Player & { affiliation: Affiliation | null }) | null;
  team: (Team & { affiliation: Affiliation; members: (TeamMember & { player: Player })[] }) | null;
};

/** An event and its entries as the page shows them, in one language. */
export function eventView(event: Event & { entries: ListedEntry[] }, lang: Language, held: ReadonlyMap<string, HeldTitle[]> = new Map()) {
  const t = (key: MessageKey) => translate(key, lang);
  const pick = (zh: string, en: string) => (lang === 'en' ? en : chineseIn(lang, zh));
  const stages = (event.stages as { type: string; rounds?: number; groups?: number }[]).map((s) =>
    [wordIn(STAGE_KEYS, s.type, lang), s.rounds ? `${s.rounds} ${t('rounds')}` : '', s.groups ? `${s.groups} ${t('groups')}` : ''].filter(Boolean).join(' '),
  );
  // 二章2节, 附录3 #4: the event's clock, each stage's own and their second periods.
  const clocks = eventClocks(event.timeControl, lang);
  const timeControl = eventClocksLine(event.timeControl, lang);
  const entries = event.entries
    .slice()
    .sort((a, b) => (a.drawNumber ?? 1e9) - (b.drawNumber ?? 1e9) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((entry) => ({
      drawNumber: entry.drawNumber ?? '–',
      withdrawn: entry.status === 'withdrawn',
      late: entry.lateEntry,
      seed: entry.seed ?? '',
      name: entry.player ? pick(entry.player.nameZh, entry.player.nameEn) : entry.team ? pick(entry.team.nameZh, entry.team.nameEn) : '',
      // The name with its titles, linked to the player's page in the event and the person's profile (issue 33).
      nameView: {
        primary: entry.player ? pick(entry.player.nameZh, entry.player.nameEn) : entry.team ? pick(entry.team.nameZh, entry.team.nameEn) : '',
        href: `/events/${event.id}/entries/${entry.id}?lang=${lang}`,
        ...personFields(
          entry.player ? { personId: entry.player.personId, title: entry.player.title, held: held.get(entry.player.personId ?? '') } : null,
          lang,
        ),
      },
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
    clocks,
    redrawNeeded: event.redrawNeeded,
    // Issue 31: an open event whose regulations let players enter themselves (before round 1).
    selfRegistration: event.selfRegistration && event.round1PairedAt === null,
    entries,
    drawn: event.entries.some((e) => e.drawNumber !== null),
  };
}
