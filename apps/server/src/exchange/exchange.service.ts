import { Injectable } from '@nestjs/common';
import { eventDownloadName } from '../common/download-name';
import { makeTrf, type TrfHeader } from '@chuhe/pairing';
import { parseStandingsFile } from '@chuhe/standings';
import { AuditService } from '../audit/audit.service';
import { matchImportedPlayers } from '../persons/registry';

import type { AuthUser } from '../auth/auth.decorators';
import { notFound } from '../common/optimistic';
import { DomainError, DomainErrors } from '../common/errors';
import { presentEvent } from '../events/events.service';
import { EventFile } from '../play/event-file';
import { PrismaService } from '../prisma/prisma.service';
import { StandingsService } from '../standings/standings.service';
import { ImportTournamentFileDto } from './exchange.dto';
import { planImport } from './tournament-file-import';
import { maxImportEntries, rawLimitProblems } from './import-limits';
import { parseFileOffThread } from './parse-off-thread';
import { yieldToLoop } from './import-body';
import { insertRows } from './import-insert';
import { playerKey } from '../imports/player-key';

/**
 * The event as files: the libs/tournament JSON file with the standings extras (what `chuhe pair`,
 * `chuhe check-pairing` and `chuhe standings` read), FIDE TRF, and the import of a tournament file
 * into a new event (an event run elsewhere, or another server's export).
 */
@Injectable()
export class ExchangeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly standings: StandingsService,
  ) {}

  /** Public: published and completed rounds only (drafts are staff-only). */
  tournamentFile(eventId: string, afterRound?: number): Promise<EventFile> {
    return this.standings.file(eventId, afterRound);
  }

  /**
   * FIDE TRF-16 of an individual event with one game per pairing (libs/pairing trf: finished rounds,
   * or rounds 1…afterRound; a knockout match with tie-break games written as the match; XXR = the
   * event's rounds), with the header records from the tournament and the event: 012 the names,
   * 022 the venue, 032 the organizer, 042/052 the dates, 092 the format, 102 the chief arbiter,
   * 122 the time control. A team event is refused, saying why: TRF's pairing readers take
   * individual fields only (bbpPairings refuses the team records 013/310 outright), and a
   * two-game pairing has no TRF round block.
   */
  async trf(eventId: string, afterRound?: number): Promise<string> {
    const file = await this.standings.file(eventId, afterRound);
    const parsed = parseStandingsFile(file);
    if (!parsed.ok)
      throw new DomainErrors(
        parsed.error.map((e) => ({ code: 'trf.cannot_write', params: { field: 'eventId', detail: `${e.path}: ${e.message}` }, field: 'eventId' })),
      );
    const t = parsed.value.tournament;
    if (t.options.eventKind !== 'individual') {
      throw new DomainError('trf.team_event', {}, 'eventId');
    }
    if (t.options.gamesPerPairing !== 1) {
      throw new DomainError('trf.two_games', {}, 'eventId');
    }
    // Issue 30: finished rounds only (or 1…afterRound, which must be finished), every file passing bbpPairings' reading rules.
    const trf = makeTrf(t, { header: await this.trfHeader(eventId), ...(afterRound !== undefined ? { afterRound } : {}) });
    if (!trf.ok) {
      const field = afterRound !== undefined ? 'afterRound' : 'eventId';
      throw new DomainErrors(trf.error.map((e) => ({ code: 'trf.cannot_write', params: { field, detail: e.message }, field })));
    }
    return trf.value;
  }

  /** The TRF header records from the tournament and the event (libs/pairing TrfHeader). */
  private async trfHeader(eventId: string): Promise<TrfHeader> {
    const event = await this.prisma.event.findUnique({
      where: { id: eventId },
      include: { tournament: { include: { roles: { where: { role: 'chief_arbiter' }, include: { user: true }, orderBy: { createdAt: 'asc' } } } } },
    });
    if (!event) throw notFound('event');
    const tc = event.timeControl as { baseMinutes?: number; incrementSeconds?: number; movesPerPeriod?: number } | null;
    const stages = (event.stages as { type: string; rounds?: number }[]).map((s) => (s.rounds !== undefined ? `${s.type} (${s.rounds} rounds)` : s.type));
    return {
      name: `${event.tournament.nameZh} ${event.nameZh} / ${event.tournament.nameEn} ${event.nameEn}`,
      city: event.tournament.venue,
      federation: event.tournament.organizer,
      startDate: event.tournament.startDate.toISOString().slice(0, 10),
      endDate: event.tournament.endDate.toISOString().slice(0, 10),
      type: `Individual: ${stages.join(' → ')} (xiangqi, Chuhe)`,
      ...(event.tournament.roles.length ? { chiefArbiter: event.tournament.roles.map((r) => r.user.displayName).join(', ') } : {}),
      ...(tc && typeof tc.baseMinutes === 'number' ? { timeControl: `${tc.baseMinutes}'${tc.incrementSeconds ? ` + ${tc.incrementSeconds}"` : ''}` } : {}),
    };
  }

  /**
   * All or nothing: the file is checked whole (400 naming each JSON path), then written in one
   * transaction. A large file must not hold up the other requests (issue 23 #5): the plan is made
   * and the rows written in chunks (import-insert.ts), the event loop given back between them, so
   * that health checks, pages and static files are served while an import runs; a file too
   * large for one request is refused before any work (import-limits.ts, CHUHE_IMPORT_MAX_ENTRIES).
   */
  async importFile({ user, tournamentId, dto, text }: { user: AuthUser; tournamentId: string; dto: ImportTournamentFileDto; text?: string }) {
    const tooLarge = rawLimitProblems(dto.file, maxImportEntries());
    if (tooLarge.length) throw fileProblems(tooLarge);
    const tournament = await this.prisma.tournament.findUnique({ where: { id: tournamentId }, include: { affiliations: true } });
    if (!tournament) throw notFound('tournament');
    // The body's text, when the route has it: the one unsliced piece of work goes to a worker thread.
    const parsed = text !== undefined ? await parseFileOffThread(text) : null;
    const known = await this.prisma.player.findMany({
      where: { tournamentId },
      select: { id: true, nameZh: true, affiliation: { select: { nameZh: true } } },
      orderBy: { createdAt: 'asc' },
    });
    const players = new Map<string, string[]>();
    for (const p of known) {
      const key = playerKey(p.nameZh, p.affiliation?.nameZh);
      const ids = players.get(key);
      if (ids) ids.push(p.id);
      else players.set(key, [p.id]);
    }
    await yieldToLoop();
    const plan = await planImport(dto.file, {
      pause: yieldToLoop,
      ...(parsed ? { parsed } : {}),
      tournamentId,
      userId: user.id,
      affiliations: new Map(tournament.affiliations.map((a) => [a.nameZh, a.id])),
      tournamentNames: { nameZh: tournament.nameZh, nameEn: tournament.nameEn },
      players,
      maxEntries: maxImportEntries(),
      ...(dto.nameZh !== undefined && { nameZh: dto.nameZh }),
      ...(dto.nameEn !== undefined && { nameEn: dto.nameEn }),
      ...(dto.category !== undefined && { category: dto.category }),
      now: new Date(),
    });
    if (!plan.ok) throw fileProblems(plan.error);
    const p = plan.value;
    await yieldToLoop();
    return this.prisma.$transaction(
      async (tx) => {
        const event = await tx.event.create({ data: p.event });
        await insertRows(tx, 'Affiliation', p.affiliations);
        await insertRows(tx, 'Player', p.players);
        await insertRows(tx, 'Team', p.teams);
        await insertRows(tx, 'TeamMember', p.members);
        await insertRows(tx, 'Entry', p.entries);
        await tx.stage.createMany({ data: p.stages });
        await insertRows(tx, 'Round', p.rounds);
        await insertRows(tx, 'Pairing', p.pairings);
        await insertRows(tx, 'Game', p.games);
        await insertRows(tx, 'Sanction', p.sanctions);
        // The person registry (issue 33): a file's personId links where this server knows the person,
        // every other player is matched by federation ID and name — set-based (persons/registry.ts),
        // so a 10,000-entry file links all its sure matches in a few statements.
        await matchImportedPlayers(
          tx,
          p.players.map((x) => x.id!),
          p.personOf,
        );
        const counts = {
          entries: p.entries.length,
          players: p.players.length,
          matchedPlayers: p.matchedPlayers,
          teams: p.teams.length,
          rounds: p.rounds.length,
          pairings: p.pairings.length,
          games: p.games.length,
          sanctions: p.sanctions.length,
        };
        await this.audit.record(tx, {
          userId: user.id,
          tournamentId,
          entity: 'event',
          entityId: event.id,
          action: 'create',
          after: { import: 'tournament-file', event, ...counts },
        });
        return {
          event: presentEvent(event),
          imported: counts,
          newAffiliations: p.affiliations.map((a) => ({ id: a.id, nameZh: a.nameZh, nameEn: a.nameEn, englishNameMissing: true })),
        };
      },
      // 120 s: a 10,000-entry file on a busy machine (the person matching is set-based since issue 33's
      // second session: a few statements, see npm run bench -- person-match).
      { timeout: 120_000 },
    );
  }
  /** The event's names for a download (common/download-name.ts). */
  downloadName(eventId: string, lang: string | undefined, suffix = ''): Promise<{ utf8: string; ascii: string }> {
    return eventDownloadName(this.prisma, eventId, lang, suffix);
  }
}

/**
 * 400 naming each problem's JSON path under `file`, spelled as every other 400 of the API spells a
 * field (class-validator's and the input checks' `stages.0.type`): `$.entries[3].name` →
 * `file.entries.3.name`.
 */
function fileProblems(problems: { path: string; message: string }[]) {
  return new DomainErrors(
    problems.map((e) => {
      const field = `file${e.path.replace(/^\$/, '').replace(/\[(\d+)\]/g, '.$1')}`;
      return { code: 'file.invalid', params: { field, detail: e.message }, field };
    }),
  );
}
