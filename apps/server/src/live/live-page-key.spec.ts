import { livePageKey } from './live-page';
import type { LiveMatch } from './live-pages';

/** The standings page as the one live route (LivePages builds the table from the @LivePage() routes). */
const PAGES = {
  match(path: string): LiveMatch | null {
    const m = /^\/events\/([0-9a-f-]{36})\/standings$/i.exec(path);
    return m ? ({ route: {} as LiveMatch['route'], params: { eventId: m[1].toLowerCase() } } as LiveMatch) : null;
  },
};

const EVENT = '0b6f2c1e-8d7a-4c1b-9a55-3f2e1d0c9b8a';

describe('live page keys (issue 34 #1): known languages and pages only, one key per page', () => {
  it('a known language keeps its key; an unknown one is no key (400), so `?lang=aa`, `?lang=ab`… cannot multiply the renders', () => {
    expect(livePageKey(`/events/${EVENT}/standings?lang=en`, PAGES)?.key).toBe(`/events/${EVENT}/standings?lang=en`);
    expect(livePageKey(`/events/${EVENT}/standings?lang=zh-Hant`, PAGES)?.key).toBe(`/events/${EVENT}/standings?lang=zh-Hant`);
    for (const lang of ['aa', 'ab', 'EN', 'de', 'zh-XX']) expect(livePageKey(`/events/${EVENT}/standings?lang=${lang}`, PAGES)).toBeNull();
  });

  it('the same page in other spellings is the same key (upper-case id, trailing slash, other parameters)', () => {
    const key = livePageKey(`/events/${EVENT}/standings?lang=en`, PAGES)!.key;
    expect(livePageKey(`/events/${EVENT.toUpperCase()}/standings/?lang=en`, PAGES)?.key).toBe(key);
    expect(livePageKey(`/events/${EVENT}/standings?lang=en&x=1`, PAGES)?.key).toBe(key);
  });

  it('unknown pages are no key', () => {
    expect(livePageKey(`/events/${EVENT}/secret`, PAGES)).toBeNull();
    expect(livePageKey('https://evil.example/events/x', PAGES)).toBeNull();
  });
});
