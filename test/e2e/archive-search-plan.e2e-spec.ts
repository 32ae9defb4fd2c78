// Issue 33 #6: the archive finds a player by any part of a name through the trigram (pg_trgm) GIN
// indexes on Person.nameZh and Person.nameEn — on a table large enough that a scan would cost more,
// after ANALYZE, the plan of the archive's own statement names both indexes. Everything here is
// written in one transaction and rolled back (the run's database is shared).
import { Prisma } from '../../apps/server/src/generated/prisma/client';
import { PERSON_SEARCH } from '../../apps/server/src/archive/archive.service';
import { createPrismaClient } from '../support/database';

describe('archive person search uses the trigram indexes', () => {
  const prisma = createPrismaClient();
  afterAll(() => prisma.$disconnect());

  const ROLLBACK = new Error('rollback');

  it('plans a search by part of a Chinese or an English name as scans of Person_nameZh_trgm_idx and Person_nameEn_trgm_idx', async () => {
    const plans: Record<string, string> = {};
    const found: Record<string, number> = {};
    await prisma
      .$transaction(
        async (tx) => {
          // 40,000 persons of three-character names from a 60-character alphabet, each in a published tournament.
          await tx.$executeRawUnsafe(`
            INSERT INTO "Tournament"(id, "nameZh", "nameEn", venue, "startDate", "endDate", organizer, "publishedAt", "updatedAt")
            VALUES ('00000000-0000-4000-8000-00000000a001', '检索赛', 'Search open', 'venue', date '2025-05-01', date '2025-05-02', 'test', now(), now())`);
          await tx.$executeRawUnsafe(`
            INSERT INTO "Person"(id, "nameZh", "nameEn", gender, "updatedAt")
            SELECT md5('plan' || i)::uuid,
                   substr(a, 1 + i % 60, 1) || substr(a, 1 + (i / 60) % 60, 1) || substr(a, 1 + (i / 3600) % 60, 1),
                   'Player' || lpad(i::text, 6, '0') || ' ' || md5(i::text), 'male', now()
            FROM generate_series(0, 39999) i,
                 (SELECT '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石'::text AS a) x`);
          await tx.$executeRawUnsafe(`
            INSERT INTO "Player"(id, "tournamentId", "nameZh", "nameEn", gender, "personId", "updatedAt")
            SELECT md5('planpl' || i)::uuid, '00000000-0000-4000-8000-00000000a001', 'x', 'x', 'male', md5('plan' || i)::uuid, now()
            FROM generate_series(0, 39999) i`);
          // New rows wait in a GIN index's pending list until (auto)vacuum merges them, and the planner
          // prices a long list as a scan; VACUUM cannot run in a transaction, this can.
          await tx.$queryRawUnsafe(
            `SELECT gin_clean_pending_list('"Person_nameZh_trgm_idx"'::regclass), gin_clean_pending_list('"Person_nameEn_trgm_idx"'::regclass)`,
          );
          await tx.$executeRawUnsafe('ANALYZE "Person"');
          await tx.$executeRawUnsafe('ANALYZE "Player"');
          for (const [what, q] of [
            ['zh', '王李张'],
            ['en', '012345 '],
          ] as const) {
            const pattern = `%${q}%`;
            const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (COSTS OFF) ${PERSON_SEARCH.sql(pattern, 0)}`);
            plans[what] = rows.map((r) => r['QUERY PLAN']).join('\n');
            found[what] = (await PERSON_SEARCH.rows(tx, pattern, 0)).length;
          }
          throw ROLLBACK;
        },
        { timeout: 120_000, maxWait: 30_000 },
      )
      .catch((e: unknown) => {
        if (e !== ROLLBACK) throw e;
      });
    // Both names are searched through their indexes (a BitmapOr), never a scan of Person.
    for (const what of ['zh', 'en']) {
      expect(plans[what]).toContain('Person_nameZh_trgm_idx');
      expect(plans[what]).toContain('Person_nameEn_trgm_idx');
      expect(plans[what]).not.toMatch(/Seq Scan on "Person"/);
    }
    // And they find: 王李张 is one person (i = 0 + 1·60 + 2·3600); "012345 " one English name.
    expect(found).toEqual({ zh: 1, en: 1 });
    expect(await prisma.tournament.count({ where: { id: '00000000-0000-4000-8000-00000000a001' } })).toBe(0); // rolled back
  }, 180_000);
});
