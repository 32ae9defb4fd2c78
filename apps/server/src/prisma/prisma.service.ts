import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { createPool } from './guarded-client';

export const DATABASE_URL = Symbol('DATABASE_URL');

/** Named (prepared) statements for the first few hundred distinct SQL texts: PostgreSQL parses and plans them once per connection. */
const NAMED_STATEMENTS = 500;

function statementNames(): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined && names.size < NAMED_STATEMENTS) {
      name = `chuhe_${createHash('sha1').update(sql).digest('base64url').slice(0, 22)}`;
      names.set(sql, name);
    }
    return name;
  };
}

/** The one Prisma client of the server; the only place (with persistence/) that touches the database. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    const pool = createPool(databaseUrl);
    super({ adapter: new PrismaPg(pool, { statementNameGenerator: statementNames() as (query: { sql: string }) => string }) });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  /** Disconnects and ends the pool (the adapter leaves a pool it was given open). */
  async close(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ending) await this.pool.end();
  }
}

/** The transaction client type, for services that take part in a caller's transaction. */
export type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];
