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

/**
 * Every interactive transaction's limits, unless it sets its own (issue 29 #8: a browser test got
 * 503 on a loaded machine). Prisma's defaults — 2 s to get a connection, 5 s to finish — are
 * shorter than a loaded machine's queue: with the ten connections busy, a page's write waited more
 * than 2 s for one and was answered 503 (P2028), and a write that took over 5 s while the machine
 * was saturated was cut mid-way (rolled back, 503). A person at a busy hall would rather wait a few
 * seconds than retype a result: 15 s to get a connection, 30 s to finish. A database that is really
 * gone still answers 503 at once (the connection error, not the wait).
 */
const TRANSACTION_DEFAULTS = { maxWait: 15_000, timeout: 30_000 };

/** The one Prisma client of the server; the only place (with persistence/) that touches the database. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    const pool = createPool(databaseUrl);
    super({
      adapter: new PrismaPg(pool, { statementNameGenerator: statementNames() as (query: { sql: string }) => string }),
      transactionOptions: TRANSACTION_DEFAULTS,
    });
    this.pool = pool;
  }

  /** The pool itself: typed queries on result entry's hot path run on it without the query engine (persistence/raw-pg.ts). */
  get pg(): Pool {
    return this.pool;
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
