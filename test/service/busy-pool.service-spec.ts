import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { serviceWorld, type ServiceWorld } from './service-harness';

/**
 * Issue 29 #8: a browser test got 503 when the machine was loaded. The cause: Prisma's default
 * interactive-transaction limits (2 s to get a connection) are shorter than a busy server's queue
 * for its ten connections — the write was refused with P2028 (503) instead of waiting its turn.
 * Here the pool is held busy for 3 s (ten statements sleeping) while a write transaction starts:
 * it waits and commits.
 */
describe('a write while every connection is busy (service tier)', () => {
  let world: ServiceWorld;
  beforeAll(async () => {
    world = await serviceWorld();
  });
  afterAll(() => world.close());

  const holdEveryConnection = (prisma: PrismaService) => {
    // A PrismaPromise runs when it is awaited: then() sends the ten now.
    const busy = Array.from({ length: 10 }, () => prisma.$queryRawUnsafe('SELECT 1 AS slept FROM pg_sleep(3)').then((rows) => rows));
    return new Promise((r) => setTimeout(r, 300)).then(() => busy); // the ten statements hold the ten connections
  };

  it('the cause: with Prisma’s 2 s default a write is refused while the pool is busy (P2028, answered 503)', async () => {
    const prisma = world.service(PrismaService);
    const busy = await holdEveryConnection(prisma);
    await expect(prisma.$transaction(async (tx) => tx.serverSecret.count(), { maxWait: 2_000 })).rejects.toMatchObject({ code: 'P2028' });
    await Promise.all(busy);
  }, 300_000);

  it('the server’s default: the write waits for a connection longer than 2 s and commits', async () => {
    const prisma = world.service(PrismaService);
    const busy = await holdEveryConnection(prisma);
    const started = Date.now();
    const written = await prisma.$transaction(async (tx) => tx.serverSecret.count());
    const waited = Date.now() - started;
    await Promise.all(busy);
    expect(written).toBeGreaterThanOrEqual(0);
    expect(waited).toBeGreaterThanOrEqual(2_000); // it did wait beyond the old limit
  }, 300_000);
});
