import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createDemoTournament } from '../../apps/server/src/demo/demo-tournament';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { startTestApp } from './http-helpers';

describe('pages and API docs', () => {
  let app: INestApplication;
  let tournamentId: string;
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await startTestApp();
    tournamentId = await createDemoTournament(prisma);
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('shows the tournament in Chinese by default and in English with ?lang=en', async () => {
    const zh = await request(app.getHttpServer()).get(`/tournaments/${tournamentId}`).expect(200);
    expect(zh.text).toContain('<html lang="zh-Hans">');
    expect(zh.text).toContain('男子团体赛');
    expect(zh.text).toContain('代号');
    const en = await request(app.getHttpServer()).get(`/tournaments/${tournamentId}?lang=en`).expect(200);
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('Men&#x27;s team championship');
    expect(en.text).toContain('Singapore 1');
  });

  it('an empty calendar sends a signed-in person to My tournaments, where unlisted ones are (issue 30 #6)', async () => {
    // The run's database is never empty: the home page's template is rendered with an empty calendar.
    const render = (locals: Record<string, unknown>) =>
      new Promise<string>((resolve, reject) =>
        (app.getHttpAdapter().getInstance() as { render: (view: string, l: object, cb: (e: Error | null, html: string) => void) => void }).render(
          'persons/home',
          { layout: false, lang: 'zh', years: [], upcoming: [], inPlay: [], finished: [], ...locals },
          (e, html) => (e ? reject(e) : resolve(html)),
        ),
      );
    const anonymous = await render({});
    expect(anonymous).toContain('还没有赛事。');
    expect(anonymous).not.toContain('href="/my"');
    const signedIn = await render({ currentUser: { id: 'u', email: 'o@test.chuhe', displayName: 'O' } });
    expect(signedIn).not.toContain('还没有赛事。');
    expect(signedIn).toContain('未公开的');
    expect(signedIn).toContain('<a href="/my">我的赛事</a>');
    const english = await render({ lang: 'en', currentUser: { id: 'u', email: 'o@test.chuhe', displayName: 'O' } });
    expect(english).toContain('unlisted ones too, are under My tournaments');
  });

  it("follows the browser's language", async () => {
    const en = await request(app.getHttpServer()).get(`/tournaments/${tournamentId}`).set('Accept-Language', 'en-GB,en;q=0.9').expect(200);
    expect(en.text).toContain('Entries');
  });

  it('lists the demo: 12 teams, 40 open players, 10 women', async () => {
    const events = await request(app.getHttpServer()).get(`/api/tournaments/${tournamentId}/events`).expect(200);
    const counts: Record<string, number> = {};
    for (const e of events.body) counts[e.nameEn] = (await request(app.getHttpServer()).get(`/api/events/${e.id}/entries`).expect(200)).body.length;
    expect(counts).toEqual({
      "Men's team championship": 12,
      'Individual open': 40,
      'Junior open (entries open)': 8, // issue 31: entries from the units and players, 8 approved
      "Women's round-robin": 10,
      'Youth individual (Swiss → knockout)': 16,
      'Individual championship (5+2)': 16,
    });
  });

  it('serves the OpenAPI document and its UI', async () => {
    const doc = await request(app.getHttpServer()).get('/api/docs/json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/tournaments', '/api/events/{eventId}/draw']));
    const ui = await request(app.getHttpServer()).get('/api/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('answers an unknown tournament page with a 404 page for people and JSON for the API', async () => {
    const page = await request(app.getHttpServer()).get('/tournaments/00000000-0000-4000-8000-000000000000').set('Accept', 'text/html').expect(404);
    expect(page.headers['content-type']).toMatch(/html/);
    expect(page.text).toContain('找不到这个赛事。');
    const api = await request(app.getHttpServer()).get('/api/tournaments/00000000-0000-4000-8000-000000000000').set('Accept', 'text/html').expect(404);
    expect(api.body.message).toBe('no such tournament');
  });
});
