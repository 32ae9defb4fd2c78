/**
 * `chuhe withdraw [FILE] --entry ID [--after N] < tournament.json` — withdraw an entry from a JSON
 * tournament file (libs/tournament/README.md) and print the file with the withdrawal applied: the
 * entry's `withdrawnAfterRound`, and each unplayed game of the later rounds as a forfeit (二章7节3–4),
 * decided by the same plan the server uses (libs/standings withdrawalPlan). Every round in a file
 * counts as published. `--after` defaults to the file's last round (0 = before round 1, 二章7节2).
 *
 * Exit 0: withdrawn (the forfeits are listed on stderr); 1: the withdrawal is refused (why on
 * stderr); 2: bad usage or a file that cannot be read.
 */
import { formatEventFileErrors, parseEventText, stageOfRound } from '@chuhe/pairing';
import { withdrawalPlan, type WithdrawalPairing } from '@chuhe/standings';
import type { Tournament } from '@chuhe/tournament';
import { Command, onlyFlags, parseArgs, readInput, UsageError } from '../cli-io';
import { namer } from '../names';

export const USAGE = 'usage: chuhe withdraw [FILE] --entry ID [--after N] < tournament.json';

const REFUSALS: Record<string, (round?: number) => string> = {
  before_start_only: () => 'the file has no round yet: the entry withdraws before round 1 (--after 0, 二章7节2)',
  after_last_published: (r) => `--after must be at most the file's last round (${r})`,
  paired: (r) => `the entry is paired in round ${r}: it withdraws after a round ≥ 1`,
  had_bye: (r) => `the entry had the bye in round ${r}: it withdraws after round ${r} or later`,
  played: (r) => `the entry played in round ${r} (a result over the board): it withdraws after round ${r} or later`,
};

export const run: Command = async (argv, io) => {
  const { flags, positionals } = parseArgs(argv);
  onlyFlags(flags, ['entry', 'after'], USAGE);
  if (positionals.length > 1) throw new UsageError(`at most one FILE\n${USAGE}`);
  const entryId = flags.get('entry');
  if (typeof entryId !== 'string') throw new UsageError(`--entry ID is required\n${USAGE}`);
  const afterFlag = flags.get('after');
  const afterRound = afterFlag === undefined ? undefined : Number(afterFlag);
  if (afterRound !== undefined && (!Number.isInteger(afterRound) || afterRound < 0)) throw new UsageError('--after must be a round number ≥ 0');
  const text = await readInput(io, 'withdraw', positionals[0]);
  if (text === null) return 2;
  const parsed = parseEventText(text);
  if (!parsed.ok) {
    io.stderr(`chuhe withdraw: the tournament file has errors:\n${formatEventFileErrors(parsed.error)}`);
    return 2;
  }
  const tournament = parsed.value.tournament;
  const entry = tournament.entries.find((e) => e.id === entryId);
  if (!entry) {
    io.stderr(`chuhe withdraw: no entry '${entryId}' in the file`);
    return 2;
  }
  if (entry.withdrawnAfterRound !== undefined) {
    io.stderr(`chuhe withdraw: ${namer(tournament)(entry.id)} already withdrew after round ${entry.withdrawnAfterRound}`);
    return 1;
  }
  const team = tournament.options.eventKind === 'team';
  const plan = withdrawalPlan({
    kind: team ? 'team' : 'individual',
    playerId: team ? null : entry.id,
    memberIds: new Set((entry.members ?? []).map((m) => m.id)),
    lastPublished: tournament.rounds.length,
    afterRound,
    entriesClosed: tournament.rounds.length > 0,
    drawn: true,
    pairings: pairingsOf(tournament, entry.id),
  });
  if (!plan.ok) {
    io.stderr(`chuhe withdraw: refused: ${REFUSALS[plan.refusal]('round' in plan ? plan.round : undefined)}`);
    return 1;
  }
  // Apply the plan to the file: the games by their place (round, pairing, game index).
  // A round is written either as pairings with games, or as one-game pairings in `games`.
  type RawGame = { result?: unknown };
  const out = JSON.parse(text) as {
    entries: { id: string; withdrawnAfterRound?: number }[];
    rounds: { pairings?: { games: RawGame[] }[]; games?: RawGame[] }[];
  };
  out.entries.find((e) => e.id === entry.id)!.withdrawnAfterRound = plan.afterRound;
  for (const f of plan.forfeits) {
    const [round, pairing, game] = f.gameId.split(':').map(Number);
    const raw = out.rounds[round];
    (raw.pairings ? raw.pairings[pairing].games[game] : raw.games![pairing]).result = f.result;
    io.stderr(`round ${f.round}, table ${f.table}, board ${f.board}: ${f.result} (${f.article})`);
  }
  io.stdout(JSON.stringify(out, null, 2));
  return 0;
};

/** The entry's pairings in the file, games named by their place `round:pairing:game` (0-based). */
function pairingsOf(t: Tournament, entryId: string): WithdrawalPairing[] {
  const gone = new Map(t.entries.map((e) => [e.id, e.withdrawnAfterRound]));
  const out: WithdrawalPairing[] = [];
  t.rounds.forEach((round, r) => {
    const roundRobin = isRoundRobin(t, round.round);
    if (round.byes.includes(entryId))
      out.push({ round: round.round, table: null, roundRobin, bye: true, entryFirstListed: true, opponentLeftBefore: false, games: [] });
    round.pairings.forEach((p, i) => {
      if (p.red !== entryId && p.black !== entryId) return;
      const left = gone.get(p.red === entryId ? p.black : p.red);
      out.push({
        round: round.round,
        table: i + 1,
        roundRobin,
        bye: false,
        entryFirstListed: p.red === entryId,
        opponentLeftBefore: left !== undefined && left < round.round,
        games: p.games.map((g, k) => ({
          id: `${r}:${i}:${k}`,
          board: g.board ?? k + 1,
          leg: g.leg ?? 1,
          result: g.result,
          redPlayerId: g.red,
          blackPlayerId: g.black,
        })),
      });
    });
  });
  return out;
}

/** 二章7节3 (round-robin) or 7节4 (Swiss, knockout): the round's stage, or the event's pairing system. */
function isRoundRobin(t: Tournament, round: number): boolean {
  if (Array.isArray(t.options.stages)) {
    const position = stageOfRound(t, round);
    if (position.ok) return position.value.stage.type.includes('round_robin');
  }
  return String(t.options.pairingSystem ?? '').includes('round-robin');
}
