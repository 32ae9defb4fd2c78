// The service tier (issue 29 #8, immich's "medium" tests): a service called directly, against a
// real PostgreSQL, without HTTP. The world a test needs is set up the way people set it up (the
// e2e scenario, over the app's HTTP handler in memory); the behaviour under test is a service
// call, so a refusal is the DomainError the service throws and a change is read back from the
// database — what the CLI or a job would see, not a status code.
import { INestApplication, Type } from '@nestjs/common';
import type { PrismaClient } from '../../apps/server/src/generated/prisma/client';
import type { AuthUser } from '../../apps/server/src/auth/auth.decorators';
import { DomainError, type ErrorCode } from '../../apps/server/src/common/errors';
import { createPrismaClient } from '../support/database';
import { startTestApp } from '../e2e/http-helpers';

export interface ServiceWorld {
  app: INestApplication;
  prisma: PrismaClient;
  service<T>(type: Type<T>): T;
  close(): Promise<void>;
}

export async function serviceWorld(): Promise<ServiceWorld> {
  const app = await startTestApp();
  const prisma = createPrismaClient();
  return {
    app,
    prisma,
    service: (type) => app.get(type, { strict: false }),
    close: async () => {
      await prisma.$disconnect();
      await app.close();
    },
  };
}

/** The acting user as services take it. */
export function actor(user: { id: string; email: string }): AuthUser {
  return { id: user.id, email: user.email, displayName: user.email };
}

/** Awaits a refusal and checks it is the domain error `code` (with the field, when given). */
export async function refusedWith(promise: Promise<unknown>, code: ErrorCode, field?: string): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const domain = error as DomainError;
  expect(domain.code).toBe(code);
  if (field !== undefined) expect(domain.field).toBe(field);
  return domain;
}
