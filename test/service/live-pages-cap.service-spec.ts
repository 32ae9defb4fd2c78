import { LIVE_PAGES_PER_EVENT, LiveService, type LiveStream } from '../../apps/server/src/live/live.service';

/**
 * Issue 34 #1: at most LIVE_PAGES_PER_EVENT distinct live pages are rendered per event (each costs a
 * render per change); a page already watched, the API's JSON streams and other events still join.
 */
describe('live pages per event (issue 34 #1)', () => {
  const service = () => new LiveService('postgresql://unused', {} as never, {} as never);
  const stream = (): LiveStream => ({ send: () => undefined, end: () => undefined }) as unknown as LiveStream;

  it(`admits ${LIVE_PAGES_PER_EVENT} pages of one event, then only the pages it already renders`, () => {
    const live = service();
    for (let i = 0; i < LIVE_PAGES_PER_EVENT; i++) {
      expect(live.admitsPage('e1', `/events/e1/standings?lang=${i}`)).toBe(true);
      live.watch('e1', `/events/e1/standings?lang=${i}`, stream());
    }
    expect(live.admitsPage('e1', '/events/e1/standings?lang=one-more')).toBe(false);
    expect(live.admitsPage('e1', '/events/e1/standings?lang=0')).toBe(true);
    expect(live.admitsPage('e1', '')).toBe(true);
    expect(live.admitsPage('e2', '/events/e2/standings?lang=zh')).toBe(true);
  });

  it('a page whose last viewer left frees its place', () => {
    const live = service();
    const leave = Array.from({ length: LIVE_PAGES_PER_EVENT }, (_, i) => live.watch('e1', `page-${i}`, stream()));
    expect(live.admitsPage('e1', 'page-new')).toBe(false);
    leave[0]();
    expect(live.admitsPage('e1', 'page-new')).toBe(true);
  });
});
