import { ROLE_KEYS, wordOf } from '../i18n/keys';
import type { Language, Translate } from '../i18n/i18n';
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

type Label = Translate;

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
              rounds: {
                where: { state: { in: ['draft', 'published', 'completed'] } },
                orderBy: { number: 'asc' },
                select: { id: true, number: true, state: true },
              },
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
      // 三章5: the deputy holds the chief's delegated rights (libs/tournament staff-rights.ts).
      case 'organizer':
      case 'chief_arbiter':
      case 'deputy_chief_arbiter':
        item.manageHref = `/tournaments/${tour.id}/manage`;
        links.push({ label: t('manageTournament'), href: item.manageHref });
        // Pairing and publishing are the chief arbiter's and the organizer's (PAIRERS).
        for (const e of tour.events) links.push({ label: t('eventConsole', { event: name(e) }), href: `/events/${e.id}/console` });
        // At the venue (issue 32): the badges, the check-in, who is here and the start signal.
        for (const e of tour.events) links.push({ label: `${t('venue.credentials')} · ${name(e)}`, href: `/events/${e.id}/print/credentials` });
        for (const e of tour.events) links.push({ label: `${t('venue.venueDesk')} · ${name(e)}`, href: `/events/${e.id}/venue-desk` });
        links.push({ label: t('venue.checkIn'), href: `/tournaments/${tour.id}/check-in` });
        break;
      case 'steward':
        links.push({ label: t('venue.checkIn'), href: `/tournaments/${tour.id}/check-in` });
        break;
      case 'delegate':
        // 单位领队 (issue 31): the unit's quotas, deadline and entries.
        links.push({ label: t('myUnit'), href: `/tournaments/${tour.id}/unit` });
        break;
      case 'arbiter':
        // Issue 30 defect 3: every round stays reachable — a finished round's sheet corrects a typo
        // before the next pairing and locks a record. The rounds in play first, then the finished ones.
        for (const e of tour.events)
          for (const r of e.rounds.filter((x) => x.state === 'published'))
            links.push({ label: t('resultSheet', { event: name(e), n: r.number }), href: `/rounds/${r.id}/results` });
        for (const e of tour.events)
          for (const r of e.rounds.filter((x) => x.state === 'completed').reverse())
            links.push({ label: t('resultSheetDone', { event: name(e), n: r.number }), href: `/rounds/${r.id}/results` });
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
    item.roles.push({ role: wordOf(ROLE_KEYS, role.role, t), links });
  }
  return [...byTournament.values()];
}
