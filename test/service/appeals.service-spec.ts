import { HttpException } from '@nestjs/common';
import { AppealsService } from '../../apps/server/src/appeals/appeals.service';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { nextRound, playEvent, playRound, withRole, type Play } from '../e2e/results-helpers';
import { actor, serviceWorld, type ServiceWorld } from './service-harness';

/** AppealsService.file without HTTP (二章8节4, 三章4F): on time it is written once with the fee and audited; otherwise nothing is. */
describe('AppealsService.file (service tier)', () => {
  let world: ServiceWorld;
  let appeals: AppealsService;

  beforeAll(async () => {
    world = await serviceWorld();
    appeals = world.service(AppealsService);
  });
  afterAll(() => world.close());

  /** A Swiss event of four with round 1 played; with an appeals committee unless told otherwise. */
  async function playedGame(committee: boolean): Promise<{ play: Play; gameId: string; entryId: string; ended: Date; minutes: number }> {
    const play = await playEvent(world.app, SWISS_EVENT, 4);
    const round = await nextRound(world.app, play);
    await playRound(world.app, play, round);
    if (committee) await withRole(world.app, play, 'appeals_member');
    const game = await world.prisma.game.findFirstOrThrow({
      where: { pairing: { roundId: round.id, blackEntryId: { not: null } } },
      include: { pairing: { include: { round: { include: { event: true } } } } },
    });
    return { play, gameId: game.id, entryId: game.pairing.redEntryId, ended: game.resultEnteredAt!, minutes: game.pairing.round.event.appealDeadlineMinutes };
  }

  const appealsOf = (play: Play) => world.prisma.appeal.count({ where: { eventId: play.eventId } });
  const auditsOf = (play: Play) => world.prisma.auditLog.count({ where: { tournamentId: play.tournamentId, entity: 'appeal' } });

  it('二章8节4: recorded by the arbiter within the deadline — one appeal with the event’s fee, filed at the given time, audited once', async () => {
    const { play, gameId, entryId, ended, minutes } = await playedGame(true);
    const at = new Date(ended.getTime() + (minutes - 1) * 60_000);

    const row = await appeals.file(actor(play.organizer), gameId, { text: '请求复审', entryId }, at);

    expect(row).toMatchObject({ gameId, entryId, filedAt: at, feeStatus: 'paid' });
    expect(row.deadline).toEqual(new Date(ended.getTime() + minutes * 60_000));
    expect(await appealsOf(play)).toBe(1);
    expect(await auditsOf(play)).toBe(1);
  });

  it('二章8节4: a minute after the deadline — refused (409) and nothing written', async () => {
    const { play, gameId, entryId, ended, minutes } = await playedGame(true);
    const late = new Date(ended.getTime() + (minutes + 1) * 60_000);
    // A coded domain error (issue 30 #5), answered 409.
    const refusal = await appeals.file(actor(play.organizer), gameId, { text: '请求复审', entryId }, late).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(409);
    expect(await appealsOf(play)).toBe(0);
    expect(await auditsOf(play)).toBe(0);
  });

  it('三章4F: without an appeals committee the chief arbiter’s ruling is final — refused (409), nothing written', async () => {
    const { play, gameId, entryId, ended } = await playedGame(false);
    await expect(appeals.file(actor(play.organizer), gameId, { text: '请求复审', entryId }, ended)).rejects.toThrow(/三章4F/);
    expect(await appealsOf(play)).toBe(0);
  });
});
