import { Logger } from '@nestjs/common';
import cluster, { Worker } from 'node:cluster';
import { resolve } from 'node:path';
import { listenOptions } from './common/connection-limits';
import { createApp } from './create-app';
import { demoWanted, loadDemoTournament } from './demo/demo-tournament';
import { demoIncidents, playDemo } from './demo/demo-play';
import { startDatabase } from './persistence/database';
import { registerDatabaseStatus } from './persistence/database-status';
import type { DatabaseStatus } from './persistence/embedded-database';
import { applyMigrations } from './persistence/migrate';
import { PrismaService } from './prisma/prisma.service';

/**
 * `npm start` (or `node dist/apps/server/src/main.js [command]`): the database (embedded
 * PostgreSQL under ./.data unless DATABASE_URL is set), migrations, then
 *   serve (default)  the server on PORT (default 3000); the demo tournament on an empty embedded
 *                    database, or with CHUHE_DEMO=1 (never silently behind DATABASE_URL);
 *   demo             loads the demo tournament (unless it is there already) and exits;
 *   admin EMAIL      makes the registered user EMAIL a server administrator (may create
 *                    tournaments when CHUHE_TOURNAMENT_CREATORS=admins, the default) and exits.
 *
 * Scale-out on one machine: CHUHE_WORKERS=N (default 1) serves from N processes sharing the port
 * (node:cluster). The primary owns the database (embedded and supervised, or DATABASE_URL), the
 * migrations and the demo; it restarts a worker that dies, and tells the workers the embedded
 * database's state for /api/health. Rate limits count per process. Several machines: run one
 * server (or one primary) per machine on the same DATABASE_URL; migrations and the demo load are
 * serialized by the migrations' advisory lock.
 */
async function main(): Promise<void> {
  if (cluster.isWorker) return worker();
  const logger = new Logger('Chuhe');
  const [command = 'serve', ...args] = process.argv.slice(2);
  if (!['serve', 'demo', 'admin'].includes(command)) throw new Error(`unknown command ${command}: serve | demo | admin EMAIL`);
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.CHUHE_DATA_DIR ?? '.data/postgres');
  // main handles SIGINT/SIGTERM itself: close the app first, then stop the database.
  const database = await startDatabase({ dataDir, handleSignals: command !== 'serve' });
  logger.log(database.embedded ? `embedded PostgreSQL started (data in ${dataDir})` : 'using DATABASE_URL');
  const { applied } = await applyMigrations(database.url);
  if (applied.length) logger.log(`migrations applied: ${applied.join(', ')}`);

  if (command !== 'serve') {
    const prisma = new PrismaService(database.url);
    try {
      if (command === 'demo') {
        const id = await loadDemoTournament(prisma, logger, { force: true });
        logger.log(id ? `demo tournament ${id} loaded` : 'the demo tournament is there already');
      } else {
        const email = (args[0] ?? '').trim().toLowerCase();
        const { count } = await prisma.user.updateMany({ where: { email }, data: { isAdmin: true } });
        if (!count) throw new Error(`no registered user with the email "${email}": register first, then run admin EMAIL`);
        logger.log(`${email} is a server administrator`);
      }
    } finally {
      await prisma.close();
      await database.stop();
    }
    return;
  }

  registerDatabaseStatus(database.status);
  // A laptop trying Chuhe (embedded database) may create tournaments freely; a server behind
  // DATABASE_URL only lets its administrators, unless CHUHE_TOURNAMENT_CREATORS says otherwise.
  const creators = process.env.CHUHE_TOURNAMENT_CREATORS ?? (database.embedded ? 'anyone' : 'admins');
  const workers = Math.max(1, Number(process.env.CHUHE_WORKERS ?? 1) || 1);
  if (workers > 1) return primary(workers, database, creators, logger);
  const app = await createApp(database.url, { tournamentCreators: creators as 'anyone' | 'admins' });
  if (demoWanted(database.embedded)) {
    const demoId = await loadDemoTournament(app.get(PrismaService));
    // The demo is played part of the way through the server's own services (demo-play.ts).
    if (demoId) {
      await playDemo(app, demoId);
      await demoIncidents(app, demoId);
    }
  }
  await app.listen(listenOptions(port) as unknown as number); // node's listen({ port, backlog }) (Nest types only a port)
  logger.log(`Chuhe is serving http://localhost:${port}/ (API docs: http://localhost:${port}/api/docs)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: stopping`);
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** The cluster's primary: the database, the demo, N workers kept alive, the database state sent to them. */
async function primary(count: number, database: Awaited<ReturnType<typeof startDatabase>>, creators: string, logger: Logger): Promise<void> {
  if (demoWanted(database.embedded)) {
    const app = await createApp(database.url, { tournamentCreators: creators as 'anyone' | 'admins' });
    const demoId = await loadDemoTournament(app.get(PrismaService));
    if (demoId) {
      await playDemo(app, demoId);
      await demoIncidents(app, demoId);
    }
    await app.close();
  }
  let stopping = false;
  const env = { CHUHE_WORKER_DATABASE_URL: database.url, CHUHE_TOURNAMENT_CREATORS: creators };
  const fork = (): Worker => {
    const w = cluster.fork(env);
    w.on('exit', (code, signal) => {
      if (stopping) return;
      logger.warn(`worker ${w.process.pid} exited (${signal ?? code}); starting another`);
      setTimeout(fork, 1000);
    });
    return w;
  };
  for (let i = 0; i < count; i++) fork();
  const tell = setInterval(() => {
    const status = database.status?.();
    if (status) for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send({ chuhe: 'database-status', status });
  }, 1000);
  tell.unref();
  logger.log(`Chuhe is serving http://localhost:${process.env.PORT ?? 3000}/ from ${count} workers`);
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: stopping ${count} workers`);
    const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      all.map(
        (w) =>
          new Promise((r) => {
            w.once('exit', r);
            w.kill('SIGTERM');
          }),
      ),
    );
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** A cluster worker: the application on the primary's database, the embedded state from the primary. */
async function worker(): Promise<void> {
  const url = process.env.CHUHE_WORKER_DATABASE_URL!;
  let status: DatabaseStatus | undefined;
  process.on('message', (m: { chuhe?: string; status?: DatabaseStatus }) => {
    if (m?.chuhe === 'database-status') status = m.status;
  });
  registerDatabaseStatus(() => status!);
  const app = await createApp(url, { tournamentCreators: process.env.CHUHE_TOURNAMENT_CREATORS as 'anyone' | 'admins' });
  await app.listen(listenOptions(Number(process.env.PORT ?? 3000)) as unknown as number);
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
