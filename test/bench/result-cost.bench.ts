/**
 * `npm run bench -- result-cost` (issue 35 #3): the cost of one result over HTTP. The real server
 * (dist/…/main.js, its own process, so that its CPU is its own) on a fresh database of the machine's
 * PostgreSQL; one Swiss event of BENCH_COST_BOARDS × 2 players, round 1 published.
 *
 * - Server CPU per result: BENCH_COST_RESULTS results entered one after another over a kept-alive
 *   connection (PUT /api/games/:id/result: HTTP, body, guard with session and role, validation,
 *   transaction, audit, NOTIFY), the server process's CPU (/proc) divided by the results.
 * - The reference, in the same run: the same writes through Prisma alone (the game's versioned
 *   update and its audit row in one transaction), the CPU of this process per write
 *   (process.cpuUsage: the ORM and the driver, what the server cannot do without). Goal: ≤ 2×.
 * - 200 arbiters, each entering a result then waiting ~1 s: p50/p99 over HTTP and through Prisma
 *   alone in the same run (goal: p99 < 100 ms quiet, < 500 ms with the machine half busy).
 * With BENCH_PROFILE_DIR set, the server's CPU profile of the one-after-another phase is written
 * there (test/bench/cpu-profile-summary.ts prints where its time went). Every figure with the load.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { PrismaService } from './server-dist';
import { cpuSeconds, pct, profiledPhase, withServer } from './reload-crowd.bench';

const BOARDS = Number(process.env.BENCH_COST_BOARDS ?? 200);
const RESULTS = Number(process.env.BENCH_COST_RESULTS ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ARBITERS = Number(process.env.BENCH_COST_ARBITERS ?? 200);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Game = { id: string; version: number };

/**
 * PUT one result on a kept-alive connection (as a browser would); the answer's status and the game's new version.
 * A kept-alive socket the server closed at its keep-alive timeout (5 s idle, e.g. while the Prisma-only
 * phase ran) as the request went out is reset: sent again once on a new socket, as Node's docs advise.
 */
function put(agent: http.Agent, port: number, auth: string, game: Game, result: string, retried = false): Promise<{ status: number; version?: number }> {
  const body = Buffer.from(JSON.stringify({ result, version: game.version }));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'PUT',
        path: `/api/games/${game.id}/result`,
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: auth },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const parsed = text ? (JSON.parse(text) as { game?: { version: number }; currentVersion?: number }) : {};
          resolve({ status: res.statusCode ?? 0, version: parsed.game?.version ?? parsed.currentVersion });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(put(agent, port, auth, game, result, true));
      else reject(error);
    });
    req.end(body);
  });
}

/** `clients` arbiters for SECONDS, each entering a result, then waiting ~1 s: the latencies and the failures. */
async function arbiters(clients: number, once: (client: number) => Promise<boolean>): Promise<{ ms: number[]; errors: number; why: Map<string, number> }> {
  const ms: number[] = [];
  let errors = 0;
  const why = new Map<string, number>();
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await once(client).catch((error: unknown) => {
          const code = (error as { code?: string }).code ?? String(error);
          why.set(code, (why.get(code) ?? 0) + 1);
          return false;
        });
        if (ok) ms.push(performance.now() - t0);
        else errors++;
        await new Promise((r) => setTimeout(r, 1000 * (0.5 + Math.random())));
      }
    }),
  );
  return { ms, errors, why };
}

export async function bench(): Promise<void> {
  await withServer('ResultCost', BOARDS * 2, async ({ port, pid, auth, email, tournamentId, games, databaseUrl }) => {
    const prisma = new PrismaService(databaseUrl);
    try {
      const user = (await prisma.user.findUniqueOrThrow({ where: { email } })).id;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
      let k = 0;
      /** The HTTP answers that were not 200, by status (printed beside the failures). */
      const failures = new Map<number, number>();
      const viaHttp = async (client: number) => {
        const g = games[client % games.length];
        const res = await put(agent, port, auth, g, ++k % 2 ? 'draw' : 'red_win');
        if (res.version !== undefined) g.version = res.version;
        if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
        return res.status === 200;
      };
      const viaPrisma = async (client: number) => {
        const g = games[client % games.length];
        const result = ++k % 2 ? 'draw' : 'red_win';
        await prisma.$transaction(
          async (tx) => {
            const { count } = await tx.game.updateMany({
              where: { id: g.id, version: g.version },
              data: { result, resultEnteredById: user, resultEnteredAt: new Date(), version: { increment: 1 } },
            });
            if (count !== 1) throw new Error('stale');
            await tx.auditLog.create({
              data: { userId: user, tournamentId, entity: 'game', entityId: g.id, action: 'update', before: { result: null }, after: { result } },
            });
          },
          { maxWait: 15_000, timeout: 15_000 },
        );
        g.version += 1;
        return true;
      };
      // Warm both paths (the first calls compile, prepare statements and fill caches).
      for (let i = 0; i < 40; i++) {
        await viaHttp(i);
        await viaPrisma(i);
      }
      console.log(`${games.length} boards, ${RESULTS} results one after another per path (load ${load()})`);

      const cpu0 = process.cpuUsage();
      const prismaMs: number[] = [];
      for (let i = 0; i < RESULTS; i++) {
        const t0 = performance.now();
        await viaPrisma(i);
        prismaMs.push(performance.now() - t0);
      }
      const c = process.cpuUsage(cpu0);
      const prismaCpu = (c.user + c.system) / 1000 / RESULTS;

      const httpMs: number[] = [];
      let failed = 0;
      const server0 = cpuSeconds(pid);
      await profiledPhase(pid, 'result-cost-sequential', async () => {
        for (let i = 0; i < RESULTS; i++) {
          const t0 = performance.now();
          if (!(await viaHttp(i))) failed++;
          httpMs.push(performance.now() - t0);
        }
      });
      const serverCpu = ((cpuSeconds(pid) - server0) * 1000) / RESULTS;
      console.log(
        `one after another: HTTP p50 ${pct(httpMs, 0.5).toFixed(1)} ms p99 ${pct(httpMs, 0.99).toFixed(1)} ms (${failed} failed); ` +
          `Prisma alone p50 ${pct(prismaMs, 0.5).toFixed(1)} ms p99 ${pct(prismaMs, 0.99).toFixed(1)} ms (load ${load()})`,
      );
      console.log(
        `CPU per result: server ${serverCpu.toFixed(2)} ms (HTTP, guard, session, validation, transaction, audit) / Prisma-only path ${prismaCpu.toFixed(2)} ms ` +
          `= ${(serverCpu / prismaCpu).toFixed(2)}× (goal ≤ 2×: ${serverCpu <= 2 * prismaCpu ? 'met' : 'NOT met'})`,
      );

      failures.clear();
      const h = await arbiters(ARBITERS, viaHttp);
      const p = await arbiters(ARBITERS, viaPrisma);
      console.log(
        `${ARBITERS} arbiters (a result, then ~1 s): HTTP p50 ${pct(h.ms, 0.5).toFixed(0)} ms p99 ${pct(h.ms, 0.99).toFixed(0)} ms (${h.ms.length} ok, ${h.errors} failed: ${JSON.stringify({ ...Object.fromEntries(failures), ...Object.fromEntries(h.why) })}); ` +
          `Prisma alone p50 ${pct(p.ms, 0.5).toFixed(0)} ms p99 ${pct(p.ms, 0.99).toFixed(0)} ms; p99 HTTP/Prisma ${(pct(h.ms, 0.99) / pct(p.ms, 0.99)).toFixed(1)}× ` +
          `(goal p99 < 100 ms quiet, < 500 ms half busy) (load ${load()})`,
      );
      agent.destroy();
    } finally {
      await prisma.close();
    }
  });
}
