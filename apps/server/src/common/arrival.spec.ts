import { Arrival, arrivalOf, stampArrival } from './arrival';

describe('arrival stamp (附录1 #8: a lineup counts by its arrival)', () => {
  it('keeps the moment the request arrived, on the monotonic clock, whenever it is read later', async () => {
    const req = {};
    let nexted = false;
    stampArrival(req, undefined, () => (nexted = true));
    const stamped = arrivalOf(req);
    await new Promise((r) => setTimeout(r, 20));
    expect(nexted).toBe(true);
    expect(arrivalOf(req)).toBe(stamped);
    expect(performance.now() - stamped.monotonicMs).toBeGreaterThanOrEqual(15);
  });

  it('says how long ago the request arrived', () => {
    const arrival = new Arrival(performance.now() - 5000);
    expect(arrival.elapsedMs()).toBeGreaterThanOrEqual(5000);
    expect(arrival.elapsedMs()).toBeLessThan(6000);
  });

  it('a request the middleware did not see arrives now', () => {
    const before = performance.now();
    expect(arrivalOf({}).monotonicMs).toBeGreaterThanOrEqual(before);
  });
});
