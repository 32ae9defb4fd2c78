import type { Prisma } from '../generated/prisma/client';

/**
 * A JSON column read back as the type the server wrote into it. PostgreSQL and Prisma know the
 * column only as `Json`; its shape is the type of its one writer, named where the column is read
 * (`stagesOf`, `findingsOf`, `disputeReportOf`), so this is the one place that takes it on trust.
 */
export function storedJson<T>(value: Prisma.JsonValue): T {
  return value as T;
}
