// Issue 23 #4: lineups handed in on time are never lost at the deadline, even when they wait on
// the event's play lock behind slow work and the deadline sweep: a lineup counts by its arrival.
import { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import { LineupsService } from '../../apps/server/src/lineups/lineups.service';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from './http-helpers';
import { teamRoundBeforeDeadline } from './scenario';

describe('lineups racing the deadline sweep', () => {
  let app: INestApplication;
  const prisma = createPrismaClient(testDatabaseUrl());
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('every lineup that arrived before the deadline is kept; one after it is refused', async () => {
    // The deadline (30 minutes before the round, 附录1 #8) comes 6 s from now.
    const { play, entries, captains, deadline, matches } = await teamRoundBeforeDeadline(app, prisma, { nameZh: '截止', nameEn: 'Deadline race' }, 6000);
    // Reserve on board 3: a lineup that is not the default starters, so a kept one is recognisable.
    const lineupOf = (entryId: string) => {
      const members = entries.find((e) => e.id === entryId)!.team!.members;
      const starters = members
        .filter((m) => m.role === 'starter')
        .sort((a, b) => a.board! - b.board!)
        .map((m) => m.playerId);
      return [starters[0], starters[1], members.find((m) => m.role === 'reserve')!.playerId];
    };
    const submit = (pairingId: string, entryId: string) =>
      http()
        .put(`/api/pairings/${pairingId}/lineups/${entryId}`)
        .set('Authorization', captains.get(entryId)!)
        .send({ players: lineupOf(entryId) });

    // Slow work holds the event's play lock across the deadline (as match-card reads and the sweep did).
    const holder = new Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - 2500 - Date.now())));
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtext('chuhe:event-play'), hashtext($1))`, [play.eventId]);
    const released = (async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, deadline + 5000 - Date.now())));
      await holder.query('COMMIT');
      await holder.end();
    })();
    // Three captains hand in 1.5 s before the deadline; they wait on the lock.
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - 1500 - Date.now())));
    const onTime = [
      { pairingId: matches[0].id, entryId: matches[0].red.id },
      { pairingId: matches[0].id, entryId: matches[0].black.id },
      { pairingId: matches[1].id, entryId: matches[1].red.id },
    ];
    const sent = onTime.map((s) => submit(s.pairingId, s.entryId).then((r) => r));
    // The sweep comes at the deadline, and waits on the lock too.
    await new Promise((r) => setTimeout(r, Math.max(0, deadline + 200 - Date.now())));
    const sweep = app.get(LineupsService).sweep();
    // The last captain is late.
    await new Promise((r) => setTimeout(r, Math.max(0, deadline + 800 - Date.now())));
    const late = submit(matches[1].id, matches[1].black.id).then((r) => r);
    const answers = await Promise.all(sent);
    await sweep;
    await released;

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await late).status).toBe(409);
    for (const s of onTime) {
      const lineup = await prisma.lineup.findUniqueOrThrow({
        where: { pairingId_entryId: { pairingId: s.pairingId, entryId: s.entryId } },
        include: { boards: { orderBy: { board: 'asc' } } },
      });
      expect(lineup.source).toBe('captain');
      expect(lineup.boards.map((b) => b.playerId)).toEqual(lineupOf(s.entryId));
    }
    const lateLineup = await prisma.lineup.findUniqueOrThrow({ where: { pairingId_entryId: { pairingId: matches[1].id, entryId: matches[1].black.id } } });
    expect(lateLineup.source).toBe('default_starters');
  }, 300_000);
});
