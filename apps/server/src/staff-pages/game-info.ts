import { notFound } from '../common/optimistic';
import type { Language } from '../i18n/i18n';
import type { PrismaService } from '../prisma/prisma.service';
import { crumbs, type Crumb } from './page-context';
import { gameKey, nameOf, resultText, tr } from './staff-view';

/** A game as the staff pages of one game name it: round, table (.board), players, result, and the way back to its result sheet. */
export async function gameInfo(prisma: PrismaService, gameId: string, lang: Language) {
  const g = await prisma.game.findUnique({
    where: { id: gameId },
    select: {
      id: true,
      board: true,
      result: true,
      penaltyReason: true,
      version: true,
      resultEnteredAt: true,
      redPlayer: { select: { id: true, nameZh: true, nameEn: true } },
      blackPlayer: { select: { id: true, nameZh: true, nameEn: true } },
      pairing: {
        select: {
          id: true,
          table: true,
          redEntry: {
            select: { id: true, teamId: true, player: { select: { nameZh: true, nameEn: true } }, team: { select: { nameZh: true, nameEn: true } } },
          },
          blackEntry: {
            select: { id: true, teamId: true, player: { select: { nameZh: true, nameEn: true } }, team: { select: { nameZh: true, nameEn: true } } },
          },
          round: {
            select: {
              id: true,
              number: true,
              event: {
                select: {
                  id: true,
                  nameZh: true,
                  nameEn: true,
                  kind: true,
                  appealDeadlineMinutes: true,
                  appealFeeAmount: true,
                  appealFeeCurrency: true,
                  tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true } },
                },
              },
            },
          },
        },
      },
    },
  });
  if (!g) throw notFound('game');
  const t = tr(lang);
  const round = g.pairing.round;
  const event = round.event;
  const team = event.kind === 'team';
  const key = gameKey(g.pairing.table, g.board, team);
  const label = `${t('staff.round', { n: round.number })} · ${t('staff.table')} ${key} · ${nameOf(g.redPlayer, lang) || '?'} – ${nameOf(g.blackPlayer, lang) || '?'}`;
  const sheetHref = `/rounds/${round.id}/results`;
  return {
    game: g,
    event,
    tournament: event.tournament,
    round,
    team,
    key,
    label,
    resultText: g.result ? resultText(g.result, lang) : t('staff.open'),
    sheetHref,
    breadcrumbs: (page: string, viaSheet = true): Crumb[] =>
      crumbs(
        lang,
        event.tournament,
        event,
        ...(viaSheet ? [{ label: `${t('staff.round', { n: round.number })} · ${t('sheet.title')}`, href: sheetHref }] : []),
        { label: page },
      ),
  };
}
