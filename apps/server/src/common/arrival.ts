import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** Where stampArrival keeps the time on the request. */
const ARRIVED_AT = Symbol('chuhe.arrivedAt');

type Stamped = { [ARRIVED_AT]?: Date };

/**
 * Stamps each request with the time it arrived, before anything can make it wait (guards, the
 * database pool, a lock): a lineup sent before the deadline counts by its arrival (附录1 #8,
 * issue 23 #4), not by when its transaction got the event's play lock. Registered first in
 * create-app.ts.
 */
export function stampArrival(req: object, _res: unknown, next: () => void): void {
  (req as Stamped)[ARRIVED_AT] = new Date();
  next();
}

/** When the request arrived (now, for a request the middleware did not see: a test calling a service). */
export function arrivedAt(req: object): Date {
  return (req as Stamped)[ARRIVED_AT] ?? new Date();
}

/** The request's arrival time as a handler parameter: `@ArrivedAt() arrived: Date`. */
export const ArrivedAt = createParamDecorator((_: unknown, ctx: ExecutionContext): Date => arrivedAt(ctx.switchToHttp().getRequest<object>()));
