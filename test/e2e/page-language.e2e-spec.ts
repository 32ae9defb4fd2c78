import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { untranslatedWords } from '../../apps/server/src/i18n/untranslated';
import { startTestApp } from './http-helpers';
import { publishTournament } from './live-helpers';
import { scenario, type Scenario } from './scenario';

/**
 * Issue 30 #5: every message a person reads is in the page's language. The main pages of a played
 * Swiss — public (hub, rounds, standings, crosstable, players, a player's card, appeal decisions,
 * the wall chart) and staff (console, result sheet, a game's foul and record pages, the event's
 * setup and tie-break pages) — are read in Simplified and Traditional Chinese, and the words a
 * person sees (text, not markup, scripts or attribute values other than titles, placeholders and
 * labels) hold no Latin-letter word but the names of the data and the abbreviations Chinese text
 * keeps (i18n/untranslated.ts). A page in English is read too, to prove the check finds words.
 */
describe('pages in Chinese hold no untranslated English (issue 30 #5)', () => {
  let app: INestApplication;
  let s: Scenario;
  /** The test data's English names (pages show a name in both scripts; names are data). */
  const DATA = ['Player', 'Individual', 'Test', 'tournament', 'Kuala', 'Lumpur'];

  beforeAll(async () => {
    app = await startTestApp();
    s = await scenario(app, { players: 8, rounds: 2, roles: ['chief_arbiter'] });
    await publishTournament(app, s);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  /** What a person reads on a page: the text, and the attributes that are read (title, placeholder, aria-label, alt, value of buttons). */
  function readable(html: string): string {
    const body = html
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style[\s\S]*?<\/style>/gi, ' ')
      .replace(/<template[\s\S]*?<\/template>/gi, ' ')
      .replace(/<svg[\s\S]*?<\/svg>/gi, ' ');
    const attributes = Array.from(body.matchAll(/\s(?:title|placeholder|aria-label|alt)="([^"]*)"/gi), (m) => m[1]);
    const text = body.replace(/<[^>]+>/g, ' ');
    return [text, ...attributes]
      .join(' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, ' ');
  }

  const pages = () => {
    const e = s.eventId;
    const r1 = s.rounds[0];
    const game = r1.pairings.find((p) => p.black !== null)!.games[0];
    return {
      public: [
        `/tournaments/${s.tournamentId}`,
        `/events/${e}`,
        `/events/${e}/rounds/1`,
        `/events/${e}/rounds/2/names`,
        `/events/${e}/standings`,
        `/events/${e}/crosstable`,
        `/events/${e}/players`,
        `/events/${e}/entries/${s.entryIds[0]}`,
        `/events/${e}/appeal-decisions`,
        `/events/${e}/print/standings`,
        `/events/${e}/rounds/1/print/pairings`,
      ],
      staff: [
        `/events/${e}/console`,
        `/rounds/${r1.id}/results`,
        `/games/${game.id}/foul`,
        `/games/${game.id}/record`,
        `/manage/events/${e}`,
        `/manage/events/${e}/tie-breaks`,
      ],
    };
  };

  async function words(path: string, lang: string, auth?: string): Promise<{ path: string; words: string[] }> {
    const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
    const req = request(app.getHttpServer()).get(url).set('Accept', 'text/html');
    if (auth) req.set('Authorization', auth);
    const res = await req;
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return { path, words: [...new Set(untranslatedWords(readable(res.text), DATA))] };
  }

  it.each(['zh', 'zh-Hant'])(
    'the public pages in %s',
    async (lang) => {
      const found = [];
      for (const path of pages().public) found.push(await words(path, lang));
      expect(found.filter((f) => f.words.length)).toEqual([]);
    },
    120_000,
  );

  it.each(['zh', 'zh-Hant'])(
    'the staff pages in %s',
    async (lang) => {
      const found = [];
      for (const path of pages().staff) found.push(await words(path, lang, s.users.chief_arbiter.auth));
      expect(found.filter((f) => f.words.length)).toEqual([]);
    },
    120_000,
  );

  it('a refused form in Chinese gives the validation pipe’s reasons in Chinese (a name too long), the API keeps its English and codes', async () => {
    const path = `/manage/events/${s.eventId}/edit`;
    const body = { nameZh: '王'.repeat(201), nameEn: 'Open', version: '1' };
    const page = await request(app.getHttpServer())
      .post(`${path}?lang=zh`)
      .set('Accept', 'text/html')
      .set('Authorization', s.organizer.auth)
      .type('form')
      .send(body)
      .expect(400);
    expect(page.text).toContain('长度须在 1 至 200 个字符之间');
    expect(page.text).not.toContain('must be shorter');
    // The header names the logged-in organizer (data).
    expect([...new Set(untranslatedWords(readable(page.text), [...DATA, 'organizer']))]).toEqual([]);
    const api = await request(app.getHttpServer())
      .patch(`/api/events/${s.eventId}`)
      .set('Authorization', s.organizer.auth)
      .send({ nameZh: '王'.repeat(201), version: 1 })
      .expect(400);
    expect(api.body.errors).toEqual([
      { field: 'nameZh', reason: expect.stringMatching(/^nameZh must be .*200 characters$/), code: 'input.length', params: { min: '1', max: '200' } },
    ]);
  }, 60_000);

  it('the check finds English: the same pages in English are full of it', async () => {
    const found = await words(`/events/${s.eventId}/standings`, 'en');
    expect(found.words.length).toBeGreaterThan(10);
  }, 60_000);
});
