import { defaultTieBreaks } from '../events/tie-breaks';
import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma/prisma.service';
import { identitiesOf, type MemberDetails } from '../entry-requests/request-details';
import { DEMO_AFFILIATIONS, demoPeople } from './demo-data';

/** The demo's unit delegate (issue 31): Singapore's; same password as the organizer. */
export const DEMO_DELEGATE = { email: 'delegate@chuhe.demo', displayName: '单位领队 Demo delegate (Singapore)', unit: 'SGP' };

/**
 * Issue 31 in the demo: published regulations, and a junior open whose entries came in through the
 * units' delegates and the players themselves — approved (entered, a fee each, some paid), one
 * refused with its reason, two on the waiting list of a full field, one still to decide. Rows
 * written directly (as the rest of the demo is), in a few statements: the demo loads fast.
 */
export async function demoEntries(
  tx: Tx,
  o: { tournamentId: string; organizerId: string; passwordHash: string; affiliationId: Map<string, string> },
): Promise<void> {
  const { tournamentId, organizerId } = o;
  const now = new Date();
  await tx.regulations.create({
    data: {
      tournamentId,
      texts: {
        hosts: { zh: '主办：亚洲象棋联合会；承办：新加坡象棋总会', en: 'Asian Xiangqi Federation; hosted by the Singapore Chinese Chess Association' },
        purpose: { zh: '促进亚洲各会员单位之间的象棋交流', en: 'To promote xiangqi among the member units of Asia' },
        eligibility: { zh: '青少年公开赛：2008 年及以后出生', en: 'Junior open: born in 2008 or later' },
        system: { zh: '团体赛按附录1，个人赛按附录2', en: 'Team event by 附录1, individual events by 附录2' },
        timeControl: { zh: '每方 60 分钟，每步加 30 秒', en: '60 minutes each, 30 seconds added per move' },
        rules: { zh: '亚洲象棋联合会象棋比赛规例（2017）', en: 'AXF competition rules (2017)' },
        prizes: { zh: '各项目前三名颁发奖杯及证书', en: 'Cups and certificates for the first three of each event' },
      },
      registrationOpensAt: new Date(now.getTime() - 7 * 86_400_000),
      registrationClosesAt: new Date('2026-12-01T10:00:00Z'),
      registrationPlace: '新加坡象棋总会 Singapore Chinese Chess Association',
      feeCurrency: 'SGD',
      publishedAt: new Date(now.getTime() - 6 * 86_400_000),
      amendments: [{ at: new Date(now.getTime() - 2 * 86_400_000).toISOString(), byUserId: organizerId, fields: ['texts.prizes'] }],
    },
  });
  const event = await tx.event.create({
    data: {
      tournamentId,
      nameZh: '青少年公开赛（报名中）',
      nameEn: 'Junior open (entries open)',
      kind: 'individual',
      stages: [{ type: 'swiss', rounds: 5 }],
      timeControl: { baseMinutes: 60, incrementSeconds: 30 },
      tieBreaks: defaultTieBreaks('individual', [{ type: 'swiss' }]),
      maxEntries: 8,
      minBirthYear: 2008,
      selfRegistration: true,
      feePerPlayer: 2000,
    },
  });
  const units = DEMO_AFFILIATIONS.slice(4, 8).map((a) => ({ code: a.code, id: o.affiliationId.get(a.code)! }));
  await tx.unitQuota.createMany({ data: units.map((u) => ({ eventId: event.id, affiliationId: u.id, quota: 2, basis: { by: 'hand' } })) });
  const delegate = await tx.user.upsert({
    where: { email: DEMO_DELEGATE.email },
    create: { email: DEMO_DELEGATE.email, displayName: DEMO_DELEGATE.displayName, passwordHash: o.passwordHash },
    update: {},
  });
  await tx.tournamentRole.create({ data: { tournamentId, userId: delegate.id, role: 'delegate', affiliationId: o.affiliationId.get(DEMO_DELEGATE.unit) } });

  // 12 requests: 8 from the units (2 each), 4 from players themselves.
  const people = demoPeople(12, 'male', 500, 1900);
  type Plan = { unit?: string; state: 'approved' | 'refused' | 'waiting' | 'submitted'; paid?: boolean; reason?: string };
  const plan: Plan[] = [
    { unit: units[0].id, state: 'approved', paid: true },
    { unit: units[0].id, state: 'approved', paid: true },
    { unit: units[1].id, state: 'approved', paid: true },
    { unit: units[1].id, state: 'approved' },
    { unit: units[2].id, state: 'approved' },
    { unit: units[2].id, state: 'refused', reason: '出生年份证明未附 / proof of birth year missing' },
    { unit: units[3].id, state: 'approved' },
    { unit: units[3].id, state: 'submitted' },
    { state: 'approved', paid: true },
    { state: 'approved' },
    { state: 'waiting' },
    { state: 'waiting' },
  ];
  let receipt = 0;
  for (const [i, p] of people.entries()) {
    const step = plan[i];
    const member: MemberDetails = { ...p, birthYear: 2008 + (i % 6), email: null, role: 'starter' };
    const at = new Date(now.getTime() - (5 * 86_400_000 - i * 3_600_000));
    let entryId: string | undefined;
    if (step.state === 'approved') {
      const player = await tx.player.create({
        data: { tournamentId, affiliationId: step.unit, nameZh: p.nameZh, nameEn: p.nameEn, gender: p.gender, rating: p.rating, birthYear: member.birthYear },
      });
      entryId = (await tx.entry.create({ data: { eventId: event.id, playerId: player.id } })).id;
    }
    const request = await tx.entryRequest.create({
      data: {
        eventId: event.id,
        source: step.unit ? 'delegate' : 'self',
        state: step.state,
        affiliationId: step.unit,
        details: { kind: 'player', members: [member], identities: identitiesOf('player', [member]) } as unknown as Prisma.InputJsonValue,
        reason: step.reason,
        submittedById: step.unit === units[0].id ? delegate.id : organizerId,
        decidedById: step.state === 'submitted' ? null : organizerId,
        decidedAt: step.state === 'submitted' ? null : new Date(at.getTime() + 86_400_000),
        entryId,
        createdAt: at,
      },
    });
    if (entryId)
      await tx.fee.create({
        data: {
          tournamentId,
          eventId: event.id,
          affiliationId: step.unit,
          entryRequestId: request.id,
          amount: 2000,
          currency: 'SGD',
          ...(step.paid
            ? {
                state: 'paid',
                method: i % 2 ? 'transfer' : 'cash',
                markedById: organizerId,
                markedAt: new Date(at.getTime() + 2 * 86_400_000),
                receiptNumber: ++receipt,
              }
            : {}),
        },
      });
  }
}
