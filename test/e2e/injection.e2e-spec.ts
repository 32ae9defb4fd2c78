// Issue 23 #8: CSV and TRF injection payloads come out inert. Names with control characters are
// refused (400 naming the field) at the API; formula-looking names and tied ranks in the standings
// CSV get a leading apostrophe; the TRF export keeps one player line per player.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { nextRound, playEvent, playRound } from './results-helpers';

describe('injection payloads in names', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses control characters in names at the API, neutralises formulas in the CSV, keeps TRF lines whole', async () => {
    const play = await playEvent(app, SWISS_EVENT, 4);
    for (const [field, value] of [
      ['nameZh', '王\r\n001    9      Forged'],
      ['nameEn', 'Wang\nForged'],
      ['nameEn', 'tab\there'],
    ] as const) {
      const res = await http()
        .post(`/api/tournaments/${play.tournamentId}/players`)
        .set('Authorization', play.organizer.auth)
        .send({ nameZh: '王', nameEn: 'Wang', gender: 'male', [field]: value })
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    await http()
      .post(`/api/tournaments/${play.tournamentId}/affiliations`)
      .set('Authorization', play.organizer.auth)
      .send({ nameZh: '单位\n伪造', nameEn: 'Club' })
      .expect(400);
    await http()
      .post('/api/auth/register')
      .send({ email: `ctl-${Date.now()}@test.chuhe`, displayName: 'a\u2028b', password: 'correct horse battery' })
      .expect(400);

    // Formula-looking names are names: accepted, and inert in the CSV.
    const formulas = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,1)', '@SUM(1,1)'];
    const event = await http()
      .post(`/api/tournaments/${play.tournamentId}/events`)
      .set('Authorization', play.organizer.auth)
      .send({ ...SWISS_EVENT, nameZh: '公式', nameEn: 'Formulas' })
      .expect(201);
    const ids: string[] = [];
    for (const [i, name] of [...formulas, '-2+3'].entries())
      ids.push(
        (
          await http()
            .post(`/api/tournaments/${play.tournamentId}/players`)
            .set('Authorization', play.organizer.auth)
            .send({ nameZh: name, nameEn: name, gender: 'male', rating: 2000 - i })
            .expect(201)
        ).body.id,
      );
    await http().post(`/api/events/${event.body.id}/entries/bulk`).set('Authorization', play.organizer.auth).send({ playerIds: ids }).expect(201);
    await http().post(`/api/events/${event.body.id}/draw`).set('Authorization', play.organizer.auth).send({ seed: 'csv' }).expect(201);
    const formulaPlay = { ...play, eventId: event.body.id, entryIds: [] };
    const round = await nextRound(app, formulaPlay);
    await playRound(app, formulaPlay, round, () => 'draw'); // all drawn: tied ranks
    const csv = (await http().get(`/api/events/${event.body.id}/standings.csv`).expect(200)).text;
    const cells = csv
      .split('\r\n')
      .flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)/g) ?? [])
      .map((c) => c.replace(/^"|"$/g, ''));
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    for (const f of formulas) expect(csv).toContain(`'${f.replace(/"/g, '""')}`);

    const trf = (await http().get(`/api/events/${event.body.id}/trf`).expect(200)).text;
    expect(trf.split(/\r?\n/).filter((l) => l.startsWith('001'))).toHaveLength(4);
  }, 300_000);
});
