import type { Language } from '../pages/i18n';
import type { PrismaService } from '../prisma/prisma.service';

/** A link on the dashboard: where a role's next work is. */
export interface WorkLink {
  label: string;
  href: string;
  note?: string;
}

export interface RoleWork {
  role: string;
  links: WorkLink[];
}

export interface MyTournament {
  id: string;
  name: string;
  otherName: string;
  published: boolean;
  manageHref?: string;
  roles: RoleWork[];
}

type Label = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Every tournament where the user holds a role, with that role's next actions (issue 20 #2): the
 * organizer and the chief arbiter the setup pages and each event's console; an arbiter the result
 * sheets of the rounds in play; a captain the team's matches and lineups; an appeals member the
 * open appeals and the committee's list. Only reads; the links go to the pages that act.
 */
export async function myTournaments(prisma: PrismaService, userId: string, lang: Language, t: Label): Promise<MyTournament[]> {
  const roles = await prisma.tournamentRole.findMany({
    where: { userId },
    orderBy: { createdAt: 'asc' },
    include: {
      team: { include: { entries: { select: { id: true } } } },
      tournament: {
        include: {
          events: {
            orderBy: { createdAt: 'asc' },
            include: {
              rounds: { where: { state: { in: ['draft', 'published'] } }, orderBy: { number: 'asc' }, select: { id: true, number: true, state: true } },
            },
          },
        },
      },
    },
  });
  const name = (x: { nameZh: string; nameEn: string }) => (lang === 'en' ? x.nameEn : x.nameZh);
  const byTournament = new Map<string, MyTournament>();
  for (const role of roles) {
    const tour = role.tournament;
    let item = byTournament.get(tour.id);
    if (!item) {
      item = { id: tour.id, name: name(tour), otherName: lang === 'en' ? tour.nameZh : tour.nameEn, published: tour.publishedAt !== null, roles: [] };
      byTournament.set(tour.id, item);
    }
    const links: WorkLink[] = [];
    switch (role.role) {
      case 'organizer':
      case 'chief_arbiter':
        item.manageHref = `/tournaments/${tour.id}/manage`;
        links.push({ label: t('manageTournament'), href: item.manageHref });
        // Pairing and publishing are the chief arbiter's and the organizer's (PAIRERS).
        for (const e of tour.events) links.push({ label: t('eventConsole', { event: name(e) }), href: `/events/${e.id}/console` });
        break;
      case 'arbiter':
        for (const e of tour.events)
          for (const r of e.rounds.filter((x) => x.state === 'published'))
            links.push({ label: t('resultSheet', { event: name(e), n: r.number }), href: `/rounds/${r.id}/results` });
        if (!links.length) links.push({ label: t('noRoundInPlay'), href: `/tournaments/${tour.id}` });
        break;
      case 'team_captain': {
        const entryIds = role.team?.entries.map((e) => e.id) ?? [];
        // The captain's page of every match of the team, whichever round (captain-pages.controller.ts).
        links.push({ label: t('myTeamPage', { team: role.team ? name(role.team) : '' }), href: `/tournaments/${tour.id}/my-team` });
        const pairings = entryIds.length
          ? await prisma.pairing.findMany({
              where: { OR: [{ redEntryId: { in: entryIds } }, { blackEntryId: { in: entryIds } }], round: { state: { in: ['published', 'completed'] } } },
              include: { round: { select: { number: true, state: true, event: { select: { nameZh: true, nameEn: true } } } } },
              orderBy: { round: { number: 'asc' } },
            })
          : [];
        for (const p of pairings) {
          if (p.blackEntryId === null) continue;
          const href = p.round.state === 'published' ? `/pairings/${p.id}/lineup` : `/pairings/${p.id}`;
          links.push({
            label: t(p.round.state === 'published' ? 'lineupFor' : 'matchCardFor', { n: p.round.number }),
            href,
            note: role.team ? name(role.team) : undefined,
          });
        }
        if (links.length === 1) links.push({ label: t('noMatchYet', { team: role.team ? name(role.team) : '' }), href: `/tournaments/${tour.id}` });
        break;
      }
      case 'appeals_member': {
        const open = await prisma.appeal.findMany({
          where: { state: 'filed', eventId: { in: tour.events.map((e) => e.id) } },
          orderBy: { filedAt: 'asc' },
          select: { id: true, filedAt: true },
        });
        for (const [i, a] of open.entries()) links.push({ label: t('openAppeal', { n: i + 1 }), href: `/appeals/${a.id}` });
        links.push({ label: t('committeeList'), href: `/tournaments/${tour.id}/appeals` });
        break;
      }
    }
    item.roles.push({ role: t(`role_${role.role}`), links });
  }
  return [...byTournament.values()];
}
