import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { createApp } from './create-app';
import { loadDemoTournament } from './demo/demo-tournament';
import { startDatabase } from './persistence/database';
import { applyMigrations } from './persistence/migrate';
import { PrismaService } from './prisma/prisma.service';

/**
 * `npm start`: the database (embedded PostgreSQL under ./.data unless DATABASE_URL is set),
 * migrations, the demo tournament on first start, then the server on PORT (default 3000).
 */
async function main(): Promise<void> {
  const logger = new Logger('Chuhe');
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.CHUHE_DATA_DIR ?? '.data/postgres');
  // main handles SIGINT/SIGTERM itself: close the app first, then stop the database.
  const database = await startDatabase({ dataDir, handleSignals: false });
  logger.log(database.embedded ? `embedded PostgreSQL started (data in ${dataDir})` : 'using DATABASE_URL');
  const { applied } = await applyMigrations(database.url);
  if (applied.length) logger.log(`migrations applied: ${applied.join(', ')}`);
  const app = await createApp(database.url);
  await loadDemoTournament(app.get(PrismaService));
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
