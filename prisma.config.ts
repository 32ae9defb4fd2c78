import { defineConfig } from 'prisma/config';

// The Prisma CLI's view of the project. Chuhe applies migrations itself (offline-safe, see
// apps/server/src/persistence/migrate.ts); a connected machine may also run `prisma migrate deploy`.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/chuhe' },
});
