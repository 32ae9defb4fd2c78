import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { performance } from 'node:perf_hooks';

/** Where stampArrival keeps the time on the request. */
const ARRIVED_AT = Symbol('chuhe.arrivedAt');

/**
 * When a request arrived, on the process's monotonic clock (its wall clock may be off: issue 34 #4).
 * `databaseNow(tx, arrival.elapsedMs())` (common/database-clock.ts) is that moment on the
 * database's clock, the one every deadline is judged by.
 */
export class Arrival {
  constructor(readonly monotonicMs: number = performance.now()) {}

  /** Milliseconds since the request arrived. */
  elapsedMs(): number {
    return performance.now() - this.monotonicMs;
  }
}

type Stamped = { [ARRIVED_AT]?: Arrival };

/**
 * Stamps each request with the time it arrived, before anything can make it wait (guards, the
 * database pool, a lock): a lineup sent before the deadline counts by its arrival (附录1 #8,
 * issue 23 #4), not by when its transaction got the event's play lock. Registered first in
 * create-app.ts.
 */
export function stampArrival(req: object, _res: unknown, next: () => void): void {
  (req as Stamped)[ARRIVED_AT] = new Arrival();
  next();
}

/** When the request arrived (now, for a request the middleware did not see: a test calling a service). */
export function arrivalOf(req: object): Arrival {
  return (req as Stamped)[ARRIVED_AT] ?? new Arrival();
}

/** The request's arrival as a handler parameter: `@ArrivedAt() arrived: Arrival`. */
export const ArrivedAt = createParamDecorator((_: unknown, ctx: ExecutionContext): Arrival => arrivalOf(ctx.switchToHttp().getRequest<object>()));
