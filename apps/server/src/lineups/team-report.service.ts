import { Injectable } from '@nestjs/common';
import { boardPrizes, computeStandings, teamRecords } from '@chuhe/standings';
import { standingsOptionsOf } from '../play/event-file';
import { StandingsService } from '../standings/standings.service';
import { standingsRefusal } from '../standings/standings-refusal';
import { DomainError } from '../common/errors';

/**
 * A team event's views beside the standings (附录1): each team's record round by round, each
 * player's record across boards (a reserve's total on one board, 附录1 #6) and the board prizes.
 * Computed by libs/standings on the same tournament file as the standings.
 */
@Injectable()
export class TeamReportService {
  constructor(private readonly standings: StandingsService) {}

  async report(eventId: string, afterRound?: number) {
    const file = await this.standings.file(eventId, afterRound);
    if (file.options.eventKind !== 'team') throw new DomainError('event.not_team', { field: 'eventId' }, 'eventId');
    const result = computeStandings(file, standingsOptionsOf(file));
    if (!result.ok) throw standingsRefusal(result.error);
    const s = result.value;
    const names = new Map(file.entries.map((e) => [e.id, e.name ?? e.id]));
    const byes = file.rounds.flatMap((r) => r.byes.map((entry) => ({ round: r.round, entry })));
    const records = teamRecords(
      file.entries.map((e) => e.id),
      s.teamMatches ?? [],
      byes,
    );
    return {
      eventId,
      afterRound: s.rounds.length ? s.rounds[s.rounds.length - 1] : 0,
      scoring: s.scoring,
      teams: s.rows.map((row) => ({ rank: row.rank, entry: row.entry, name: names.get(row.entry), score: row.score, rounds: records.get(row.entry) ?? [] })),
      players: s.members ?? [],
      boardPrizes: boardPrizes(s.members ?? [], Number(file.options.boards ?? 3)),
    };
  }
}
