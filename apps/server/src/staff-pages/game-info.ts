import { notFound } from '../common/optimistic';
import { Prisma } from '../generated/prisma/client';
import type { EventKind, GameResult, PenaltyReason } from '../generated/prisma/client';
import { NO_ID, oneOf, RowOf, typedQuery } from '../persistence/typed-sql';
import type { Language } from '../i18n/i18n';
import type { PrismaService } from '../prisma/prisma.service';
import { crumbs, type Crumb } from './page-context';
import { gameKey, nameOf, resultText, tr } from './staff-view';

const GAME_HEADING = typedQuery(
  "a game's heading on the staff pages",
  {
    id: 'text',
    board: 'int4',
    result: oneOf<GameResult, 'text?'>('text?'),
    penaltyReason: oneOf<PenaltyReason, 'text?'>('text?'),
    version: 'int4',
    resultEnteredAt: 'timestamp?',
    redPlayerId: 'text?',
    redNameZh: 'text?',
    redNameEn: 'text?',
    blackPlayerId: 'text?',
    blackNameZh: 'text?',
    blackNameEn: 'text?',
    pairingId: 'text',
    table: 'int4?',
    redEntryId: 'text',
    redEntryTeamId: 'text?',
    redEntryPlayerZh: 'text?',
    redEntryPlayerEn: 'text?',
    redEntryTeamZh: 'text?',
    redEntryTeamEn: 'text?',
    blackEntryId: 'text?',
    blackEntryTeamId: 'text?',
    blackEntryPlayerZh: 'text?',
    blackEntryPlayerEn: 'text?',
    blackEntryTeamZh: 'text?',
    blackEntryTeamEn: 'text?',
    roundId: 'text',
    roundNumber: 'int4',
    eventId: 'text',
    eventNameZh: 'text',
    eventNameEn: 'text',
    eventKind: oneOf<EventKind>('text'),
    appealDeadlineMinutes: 'int4',
    appealFeeAmount: 'int4',
    appealFeeCurrency: 'text',
    tournamentId: 'text',
    tournamentNameZh: 'text',
    tournamentNameEn: 'text',
    timeZone: 'text',
  },
  (gameId: string) => Prisma.sql`
    SELECT g.id::text AS id, g.board, g.result::text AS result, g."penaltyReason"::text AS "penaltyReason", g.version, g."resultEnteredAt",
      rp.id::text AS "redPlayerId", rp."nameZh" AS "redNameZh", rp."nameEn" AS "redNameEn",
      bp.id::text AS "blackPlayerId", bp."nameZh" AS "blackNameZh", bp."nameEn" AS "blackNameEn",
      p.id::text AS "pairingId", p."table",
      re.id::text AS "redEntryId", re."teamId"::text AS "redEntryTeamId", rep."nameZh" AS "redEntryPlayerZh", rep."nameEn" AS "redEntryPlayerEn",
      ret."nameZh" AS "redEntryTeamZh", ret."nameEn" AS "redEntryTeamEn",
      be.id::text AS "blackEntryId", be."teamId"::text AS "blackEntryTeamId", bep."nameZh" AS "blackEntryPlayerZh", bep."nameEn" AS "blackEntryPlayerEn",
      bet."nameZh" AS "blackEntryTeamZh", bet."nameEn" AS "blackEntryTeamEn",
      r.id::text AS "roundId", r.number AS "roundNumber",
      e.id::text AS "eventId", e."nameZh" AS "eventNameZh", e."nameEn" AS "eventNameEn", e.kind::text AS "eventKind",
      e."appealDeadlineMinutes", e."appealFeeAmount", e."appealFeeCurrency",
      t.id::text AS "tournamentId", t."nameZh" AS "tournamentNameZh", t."nameEn" AS "tournamentNameEn", t."timeZone"
    FROM "Game" g
      JOIN "Pairing" p ON p.id = g."pairingId"
      JOIN "Round" r ON r.id = p."roundId"
      JOIN "Event" e ON e.id = r."eventId"
      JOIN "Tournament" t ON t.id = e."tournamentId"
      JOIN "Entry" re ON re.id = p."redEntryId"
      LEFT JOIN "Player" rep ON rep.id = re."playerId"
      LEFT JOIN "Team" ret ON ret.id = re."teamId"
      LEFT JOIN "Entry" be ON be.id = p."blackEntryId"
      LEFT JOIN "Player" bep ON bep.id = be."playerId"
      LEFT JOIN "Team" bet ON bet.id = be."teamId"
      LEFT JOIN "Player" rp ON rp.id = g."redPlayerId"
      LEFT JOIN "Player" bp ON bp.id = g."blackPlayerId"
    WHERE g.id = ${gameId}::uuid`,
  [NO_ID],
);
type HeadingRow = RowOf<typeof GAME_HEADING.columns>;

const named = (zh: string | null, en: string | null) => (zh === null || en === null ? null : { nameZh: zh, nameEn: en });

/** The row in the shape the pages read (the Prisma select this statement replaced, issue 29 #4: 13 statements → 1). */
function headingOf(row: HeadingRow) {
  const entry = (id: string | null, teamId: string | null, playerZh: string | null, playerEn: string | null, teamZh: string | null, teamEn: string | null) =>
    id === null ? null : { id, teamId, player: named(playerZh, playerEn), team: named(teamZh, teamEn) };
  return {
    id: row.id,
    board: row.board,
    result: row.result,
    penaltyReason: row.penaltyReason,
    version: row.version,
    resultEnteredAt: row.resultEnteredAt,
    redPlayer: row.redPlayerId === null ? null : { id: row.redPlayerId, nameZh: row.redNameZh!, nameEn: row.redNameEn! },
    blackPlayer: row.blackPlayerId === null ? null : { id: row.blackPlayerId, nameZh: row.blackNameZh!, nameEn: row.blackNameEn! },
    pairing: {
      id: row.pairingId,
      table: row.table,
      redEntry: entry(row.redEntryId, row.redEntryTeamId, row.redEntryPlayerZh, row.redEntryPlayerEn, row.redEntryTeamZh, row.redEntryTeamEn)!,
      blackEntry: entry(row.blackEntryId, row.blackEntryTeamId, row.blackEntryPlayerZh, row.blackEntryPlayerEn, row.blackEntryTeamZh, row.blackEntryTeamEn),
      round: {
        id: row.roundId,
        number: row.roundNumber,
        event: {
          id: row.eventId,
          nameZh: row.eventNameZh,
          nameEn: row.eventNameEn,
          kind: row.eventKind,
          appealDeadlineMinutes: row.appealDeadlineMinutes,
          appealFeeAmount: row.appealFeeAmount,
          appealFeeCurrency: row.appealFeeCurrency,
          tournament: { id: row.tournamentId, nameZh: row.tournamentNameZh, nameEn: row.tournamentNameEn, timeZone: row.timeZone },
        },
      },
    },
  };
}

/** A game as the staff pages of one game name it: round, table (.board), players, result, and the way back to its result sheet. One statement. */
export async function gameInfo(prisma: PrismaService, gameId: string, lang: Language) {
  const row = (await GAME_HEADING.rows(prisma, gameId))[0];
  const g = row ? headingOf(row) : null;
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
