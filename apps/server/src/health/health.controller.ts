import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { embeddedDatabaseStatus } from '../persistence/database-status';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Liveness and database reachability, for docker-compose and load balancers: 200 `{status: "ok"}`,
   * or 503 `{status: "unavailable", database: {reachable: false, error, embedded?}}` saying what is
   * wrong — e.g. the embedded PostgreSQL is being restarted (its exit, restarts, next attempt).
   */
  @Get()
  async status(@Res({ passthrough: true }) res: Response) {
    const embedded = embeddedDatabaseStatus();
    try {
      await this.health.ping();
      return { status: 'ok', database: { reachable: true, ...(embedded ? { embedded } : {}) } };
    } catch (error) {
      res.status(503).setHeader('Retry-After', '2');
      const message = error instanceof Error ? error.message.split('\n').filter(Boolean).slice(-1)[0] : String(error);
      return { status: 'unavailable', database: { reachable: false, error: message, ...(embedded ? { embedded } : {}) } };
    }
  }
}
