import { EntriesService } from '../../apps/server/src/entries/entries.service';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { nextRound, playEvent, playRound, type Play } from '../e2e/results-helpers';
import { actor, refusedWith, serviceWorld, type ServiceWorld } from './service-harness';

/**
 * EntriesService.withdraw without HTTP (二章7节2–4): the plan is libs/standings withdrawalPlan's;
 * here, that the service writes exactly what the plan says, once, and nothing on a refusal.
 */
describe('EntriesService.withdraw (service tier)', () => {
  let world: ServiceWorld;
  let entries: EntriesService;

  beforeAll(async () => {
    world = await serviceWorld();
    entries = world.service(EntriesService);
  });
  afterAll(() => world.close());

  async function swissAfterTwoRounds(): Promise<{ play: Play; thirdRoundId: string }> {
    const play = await playEvent(world.app, SWISS_EVENT, 6);
    await playRound(world.app, play, await nextRound(world.app, play));
    await playRound(world.app, play, await nextRound(world.app, play));
    const third = await nextRound(world.app, play);
    return { play, thirdRoundId: third.id };
  }

  it('二章7节4: after round 2, the entry’s unplayed round-3 game becomes a forfeit win for its opponent, audited', async () => {
    const { play, thirdRoundId } = await swissAfterTwoRounds();
    const leaving = play.entryIds[0];
    const before = await world.prisma.entry.findUniqueOrThrow({ where: { id: leaving } });
    const audits = await world.prisma.auditLog.count({ where: { tournamentId: play.tournamentId } });

    const done = await entries.withdraw({ user: actor(play.organizer), id: leaving, version: before.version, afterRound: 2, reason: 'ill' });

    expect(done.afterRound).toBe(2);
    expect(done.forfeits).toHaveLength(1);
    const pairing = await world.prisma.pairing.findFirstOrThrow({
      where: { roundId: thirdRoundId, OR: [{ redEntryId: leaving }, { blackEntryId: leaving }] },
      include: { games: true },
    });
    expect(pairing.games[0].result).toBe(pairing.redEntryId === leaving ? 'black_win_forfeit' : 'red_win_forfeit');
    const after = await world.prisma.entry.findUniqueOrThrow({ where: { id: leaving } });
    expect(after).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 2, withdrawalReason: 'ill', version: before.version + 1 });
    // The entry's row and the forfeit's result: one audit row each.
    expect(await world.prisma.auditLog.count({ where: { tournamentId: play.tournamentId } })).toBeGreaterThanOrEqual(audits + 2);
  });

  it('refuses to leave before a round the entry played, and writes nothing', async () => {
    const { play } = await swissAfterTwoRounds();
    const leaving = play.entryIds[1];
    const before = await world.prisma.entry.findUniqueOrThrow({ where: { id: leaving } });
    const refusal = await refusedWith(
      entries.withdraw({ user: actor(play.organizer), id: leaving, version: before.version, afterRound: 1 }),
      'withdrawal.played',
      'afterRound',
    );
    expect(refusal.params).toEqual({ round: 2 });
    expect(refusal.wordsIn('zh')).toContain('第2轮');
    expect(await world.prisma.entry.findUniqueOrThrow({ where: { id: leaving } })).toMatchObject({ status: 'active', version: before.version });
  });

  it('two withdrawals of one entry at once: one is applied, the other is refused (stale version or already withdrawn)', async () => {
    const { play } = await swissAfterTwoRounds();
    const leaving = play.entryIds[2];
    const { version } = await world.prisma.entry.findUniqueOrThrow({ where: { id: leaving } });
    const both = await Promise.allSettled([0, 1].map(() => entries.withdraw({ user: actor(play.organizer), id: leaving, version, afterRound: 2 })));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['edit.stale', 'withdrawal.already']).toContain((refused.reason as { code?: string }).code);
    const forfeits = await world.prisma.game.count({
      where: { pairing: { OR: [{ redEntryId: leaving }, { blackEntryId: leaving }] }, result: { in: ['red_win_forfeit', 'black_win_forfeit'] } },
    });
    expect(forfeits).toBe(1);
  });
});
