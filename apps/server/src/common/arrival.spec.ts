import { arrivedAt, stampArrival } from './arrival';

describe('arrival stamp (附录1 #8: a lineup counts by its arrival)', () => {
  it('keeps the time the request arrived, whenever it is read later', async () => {
    const req = {};
    const before = Date.now();
    let nexted = false;
    stampArrival(req, undefined, () => (nexted = true));
    const stamped = arrivedAt(req);
    await new Promise((r) => setTimeout(r, 20));
    expect(nexted).toBe(true);
    expect(stamped.getTime()).toBeGreaterThanOrEqual(before);
    expect(arrivedAt(req)).toBe(stamped);
    expect(Date.now() - arrivedAt(req).getTime()).toBeGreaterThanOrEqual(15);
  });

  it('a request the middleware did not see arrives now', () => {
    const before = Date.now();
    expect(arrivedAt({}).getTime()).toBeGreaterThanOrEqual(before);
  });
});
