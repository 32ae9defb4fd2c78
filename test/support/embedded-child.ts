// Child process for test/embedded-database.e2e-spec.ts: starts the embedded PostgreSQL on the
// given data directory, writes a row, prints one JSON line, then waits to be killed.
//   node --require tsx/cjs test/support/embedded-child.ts <dataDir> <note>
import { Client } from 'pg';
import { startEmbeddedDatabase } from '../../apps/server/src/persistence/embedded-database';

async function main(): Promise<void> {
  const [dataDir, note] = process.argv.slice(2);
  const db = await startEmbeddedDatabase({ dataDir, port: 0, durable: false });
  const client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query('CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)');
  await client.query('INSERT INTO notes (text) VALUES ($1)', [note]);
  await client.end();
  process.stdout.write(`${JSON.stringify({ ready: true, url: db.url })}\n`);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
