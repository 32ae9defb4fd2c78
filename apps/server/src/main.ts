import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { createApp } from './create-app';
import { demoWanted, loadDemoTournament } from './demo/demo-tournament';
import { playDemo } from './demo/demo-play';
import { startDatabase } from './persistence/database';
import { registerDatabaseStatus } from './persistence/database-status';
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
 */
async function main(): Promise<void> {
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
      await prisma.$disconnect();
      await database.stop();
    }
    return;
  }

  registerDatabaseStatus(database.status);
  // A laptop trying Chuhe (embedded database) may create tournaments freely; a server behind
  // DATABASE_URL only lets its administrators, unless CHUHE_TOURNAMENT_CREATORS says otherwise.
  const creators = process.env.CHUHE_TOURNAMENT_CREATORS ?? (database.embedded ? 'anyone' : 'admins');
  const app = await createApp(database.url, { tournamentCreators: creators as 'anyone' | 'admins' });
  if (demoWanted(database.embedded)) {
    const demoId = await loadDemoTournament(app.get(PrismaService));
    // The demo is played part of the way through the server's own services (demo-play.ts).
    if (demoId) await playDemo(app, demoId);
  }
  await app.listen(port);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
