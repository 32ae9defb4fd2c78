// Issue 23 #9: the smaller ones — an unlisted tournament's event pages answer its preview link;
// authenticated API answers carry Cache-Control: no-store.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { playEvent } from './results-helpers';

describe('issue 23 #9', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('an unlisted tournament’s event page answers its preview link (by id), and is not on the home page', async () => {
    const play = await playEvent(app, SWISS_EVENT, 4);
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    expect(t.publishedAt ?? null).toBeNull();
    await http().get(`/events/${play.eventId}`).set('Accept', 'text/html').expect(200);
    await http().get(`/events/${play.eventId}/standings`).set('Accept', 'text/html').expect(200);
    const home = await http().get('/').set('Accept', 'text/html').expect(200);
    expect(home.text).not.toContain(play.tournamentId);
  });

  it('authenticated API answers are no-store; anonymous public reads are not forced to be', async () => {
    const play = await playEvent(app, SWISS_EVENT, 4);
    const me = await http().get('/api/auth/me').set('Authorization', play.organizer.auth).expect(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const entries = await http().get(`/api/events/${play.eventId}/entries`).set('Authorization', play.organizer.auth).expect(200);
    expect(entries.headers['cache-control']).toBe('no-store');
    const anonymous = await http().get(`/api/events/${play.eventId}/entries`).expect(200);
    expect(anonymous.headers['cache-control'] ?? '').not.toBe('no-store');
  });
});
