import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { embeddedDatabaseStatus } from '../persistence/database-status';
import { PrismaService } from '../prisma/prisma.service';

const PING_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Liveness and database reachability, for docker-compose and load balancers: 200 `{status: "ok"}`,
   * or 503 `{status: "unavailable", database: {reachable: false, error, embedded?}}` saying what is
   * wrong — e.g. the embedded PostgreSQL is being restarted (its exit, restarts, next attempt).
   */
  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    const embedded = embeddedDatabaseStatus();
    try {
      await Promise.race([
        this.prisma.$executeRaw`SELECT 1`,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ok', database: { reachable: true, ...(embedded ? { embedded } : {}) } };
    } catch (error) {
      res.status(503).setHeader('Retry-After', '2');
      const message = error instanceof Error ? error.message.split('\n').filter(Boolean).slice(-1)[0] : String(error);
      return { status: 'unavailable', database: { reachable: false, error: message, ...(embedded ? { embedded } : {}) } };
    }
  }
}
