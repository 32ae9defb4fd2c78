/**
 * A 60,000-player CSV import (POST /api/tournaments/:id/import/players, one request, all or
 * nothing) — the timing that used to be an assertion in bad-input.e2e-spec.ts (issue 29 #8: a
 * timed test fails on a busy machine; a bench prints the figure with the machine's load).
 * Reference in the same run: the same 60,000 rows written by Prisma's createMany alone (no CSV
 * parsing, no validation, no audit), into another tournament of the same database.
 * Run: npm run bench -- player-import
 */
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '../support/test-database';
import { benchTournament, benchUser, call } from './bench-support';
import { PrismaService, createApp } from './server-dist';

const PLAYERS = 60_000;

export async function bench(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase(server, 'chuhe_bench');
  const app = await createApp(db.url, { logger: false, tournamentCreators: 'anyone', directRoleGrants: true });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const { auth } = await benchUser(port);
    const tournament = () => benchTournament(port, auth, { nameZh: '导入', nameEn: 'Import' });
    const rows = Array.from({ length: PLAYERS }, (_, i) => `选手${i},P${i},${i % 2 ? 'male' : 'female'},会${i % 50}`);
    const csv = ['name_zh,name_en,gender,affiliation', ...rows].join('\n');

    const viaHttp = await tournament();
    const load0 = loadavg()[0];
    const t0 = performance.now();
    const res = await call(port, 'POST', `/api/tournaments/${viaHttp}/import/players`, { csv }, auth);
    const httpMs = performance.now() - t0;
    if (res.status !== 201) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);

    const prisma = app.get(PrismaService);
    const viaPrisma = await tournament();
    const t1 = performance.now();
    await prisma.player.createMany({
      data: Array.from({ length: PLAYERS }, (_, i) => ({
        tournamentId: viaPrisma,
        nameZh: `选手${i}`,
        nameEn: `P${i}`,
        gender: i % 2 ? ('male' as const) : ('female' as const),
      })),
    });
    const prismaMs = performance.now() - t1;
    console.log(
      `60,000-player CSV import over HTTP: ${(httpMs / 1000).toFixed(1)} s; Prisma createMany of the same rows: ${(prismaMs / 1000).toFixed(1)} s ` +
        `(ratio ${(httpMs / prismaMs).toFixed(1)}×); load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
  } finally {
    await app.close();
    await db.drop();
  }
}
