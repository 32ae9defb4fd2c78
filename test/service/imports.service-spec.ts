import { DomainErrors } from '../../apps/server/src/common/errors';
import { ImportsService } from '../../apps/server/src/imports/imports.service';
import { SWISS_EVENT } from '../e2e/http-helpers';
import { drawnEvent } from '../e2e/rounds-helpers';
import { actor, serviceWorld, type ServiceWorld } from './service-harness';

/** ImportsService without HTTP: a CSV of players is imported whole, audited once, or refused whole. */
describe('ImportsService.importPlayers (service tier)', () => {
  let world: ServiceWorld;
  let imports: ImportsService;

  beforeAll(async () => {
    world = await serviceWorld();
    imports = world.service(ImportsService);
  });
  afterAll(() => world.close());

  it('imports every row with its unit (created once for two players), one audit row', async () => {
    const play = await drawnEvent(world.app, { ...SWISS_EVENT, nameZh: '导入', nameEn: 'Import' }, 2);
    const before = await world.prisma.player.count({ where: { tournamentId: play.tournamentId } });
    const csv = 'name_zh,name_en,gender,affiliation\n王一,Wang Yi,male,北京队\n李二,Li Er,female,北京队\n赵三,Zhao San,male,\n';

    const done = await imports.importPlayers({ user: actor(play.organizer), tournamentId: play.tournamentId, csv });

    expect(done.imported).toBe(3);
    expect(await world.prisma.player.count({ where: { tournamentId: play.tournamentId } })).toBe(before + 3);
    const unit = await world.prisma.affiliation.findMany({
      where: { tournamentId: play.tournamentId, nameZh: '北京队' },
      include: { _count: { select: { players: true } } },
    });
    expect(unit.map((u) => u._count.players)).toEqual([2]);
    expect(await world.prisma.auditLog.count({ where: { tournamentId: play.tournamentId, entity: 'player_import' } })).toBe(1);
  });

  it('a CSV with one bad row is refused (400, the csv field) and writes nothing', async () => {
    const play = await drawnEvent(world.app, { ...SWISS_EVENT, nameZh: '导入错', nameEn: 'Import bad' }, 2);
    const before = await world.prisma.player.count({ where: { tournamentId: play.tournamentId } });
    const csv = 'name_zh,name_en,gender\n王一,Wang Yi,male\n李二,Li Er,robot\n';

    const error = await imports.importPlayers({ user: actor(play.organizer), tournamentId: play.tournamentId, csv }).then(
      () => null,
      (e: unknown) => e,
    );

    // The refusal names the line and column by code (csv.*), in the page's language when shown (issue 30 #5).
    expect(error).toBeInstanceOf(DomainErrors);
    expect((error as DomainErrors).getStatus()).toBe(400);
    expect((error as DomainErrors).getResponse()).toMatchObject({ errors: [expect.objectContaining({ field: 'csv', code: expect.stringMatching(/^csv\./) })] });
    expect(await world.prisma.player.count({ where: { tournamentId: play.tournamentId } })).toBe(before);
    expect(await world.prisma.auditLog.count({ where: { tournamentId: play.tournamentId, entity: 'player_import' } })).toBe(0);
  });
});
