import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

const PING_TIMEOUT_MS = 2000;

/** Whether the database answers (one `SELECT 1`), within PING_TIMEOUT_MS: the health check's one question. */
@Injectable()
export class HealthService {
  constructor(private readonly prisma: PrismaService) {}

  async ping(): Promise<void> {
    await Promise.race([
      this.prisma.$executeRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS).unref()),
    ]);
  }
}
