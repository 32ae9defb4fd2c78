import type { Language, Translate } from '../i18n/i18n';
import { chineseIn } from '../i18n/i18n';
import type { PrismaService } from '../prisma/prisma.service';

type Label = Translate;

export interface MyEntry {
  tournament: string;
  tournamentHref: string;
  player: string;
  events: string[];
  href: string;
}

export interface MyRequest {
  label: string;
  event: string;
  href: string;
  state: string;
  stateLabel: string;
}

/**
 * My tournaments for a player (issue 32 #2): the tournaments where the account's person
 * (User.personId) plays — an entry of their own or a place in a team — each with their own page;
 * and the entry requests the account made, with their state. Private: only the account's own.
 */
export async function myEntries(
  prisma: PrismaService,
  userId: string,
  lang: Language,
  t: Label,
): Promise<{ entries: MyEntry[]; requests: MyRequest[]; linked: boolean }> {
  const me = await prisma.user.findUnique({ where: { id: userId }, select: { personId: true } });
  const name = (x: { nameZh: string; nameEn: string }) => (lang === 'en' ? x.nameEn : chineseIn(lang, x.nameZh));
  const players = me?.personId
    ? await prisma.player.findMany({
        where: { personId: me.personId },
        select: {
          id: true,
          nameZh: true,
          nameEn: true,
          tournament: { select: { id: true, nameZh: true, nameEn: true, startDate: true } },
          entries: { where: { status: 'active' }, select: { event: { select: { nameZh: true, nameEn: true } } } },
          teamMembers: { select: { team: { select: { event: { select: { nameZh: true, nameEn: true } } } } } },
        },
        orderBy: { tournament: { startDate: 'desc' } },
      })
    : [];
  const entries = players
    .map((p) => ({
      tournament: name(p.tournament),
      tournamentHref: `/tournaments/${p.tournament.id}`,
      player: name(p),
      events: [...p.entries.map((e) => name(e.event)), ...p.teamMembers.map((m) => name(m.team.event))],
      href: `/my/players/${p.id}`,
    }))
    .filter((e) => e.events.length > 0);
  const requests = await prisma.entryRequest.findMany({
    where: { submittedById: userId, source: 'self' },
    select: { state: true, details: true, event: { select: { id: true, nameZh: true, nameEn: true, tournament: { select: { nameZh: true, nameEn: true } } } } },
    orderBy: { createdAt: 'desc' },
    take: 50,
  });
  return {
    linked: !!me?.personId,
    entries,
    requests: requests.map((r) => {
      const member = (r.details as { members?: { nameZh: string; nameEn: string }[] }).members?.[0];
      return {
        label: member ? name(member) : '',
        event: `${name(r.event.tournament)} · ${name(r.event)}`,
        href: `/events/${r.event.id}/enter`,
        state: r.state,
        stateLabel: t(`state_${r.state}`),
      };
    }),
  };
}
