/**
 * Issue 33: person matching of a large import, set-based (apps/server/src/persons/registry.ts
 * matchPlayers). A tournament of BENCH_MATCH_PLAYERS new players (default 10,000) meets a registry
 * where 30 % hold a federation ID the file gives, 30 % have one namesake of the same birth year and
 * unit (a proposal), 10 % two namesakes (a choice) and 30 % no one (a new person) — the world of
 * test/service/person-match.service-spec.ts. Printed: the time to match them all in one
 * transaction, the longest event-loop stall meanwhile, beside a reference statement (SELECT 1).
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench -- person-match
 */
import { cpus, loadavg } from 'node:os';
import type * as Registry from '../../apps/server/src/persons/registry';
import { personMatchWorld } from '../support/person-match-world';
import { createTestDatabase } from '../support/test-database';
import { timed } from './bench-support';
import { createApp, PrismaService } from './server-dist';

const { matchPlayers } = require('../../dist/apps/server/src/persons/registry') as typeof Registry;
const PLAYERS = Number(process.env.BENCH_MATCH_PLAYERS ?? 10_000);

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false });
  try {
    await app.init();
    const prisma = app.get(PrismaService);
    const world = await personMatchWorld(prisma, 'bench', PLAYERS);
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 5);
    const t0 = performance.now();
    const pending = await prisma.$transaction((tx) => matchPlayers(tx, world.playerIds, world.hints), { timeout: 600_000, maxWait: 60_000 });
    const took = performance.now() - t0;
    clearInterval(ticker);
    const linked = await prisma.player.count({ where: { id: { in: world.playerIds }, personId: { not: null } } });
    const reference = await timed(20, () => prisma.$queryRawUnsafe('SELECT 1'));
    console.log(`person matching of a ${PLAYERS}-player import (set-based):`);
    console.log(
      `  ${(took / 1000).toFixed(2)} s — ${linked} linked (federation ID or a new person), ${pending.length} waiting for the organizer (proposals, namesakes)`,
    );
    console.log(`  longest event-loop stall ${stall.toFixed(0)} ms; reference SELECT 1 ${reference.toFixed(2)} ms (ratio ${(took / reference).toFixed(0)}×)`);
    console.log(`  (the machine is shared: load average now ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
  } finally {
    await app.close();
    await db.drop();
  }
}
