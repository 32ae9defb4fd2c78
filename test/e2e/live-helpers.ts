import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { Play } from './results-helpers';

/** The public pages show published tournaments only. */
export async function publishTournament(app: INestApplication, play: Pick<Play, 'tournamentId' | 'organizer'>): Promise<void> {
  const t = await request(app.getHttpServer()).get(`/api/tournaments/${play.tournamentId}`).set('Authorization', play.organizer.auth).expect(200);
  await request(app.getHttpServer()).patch(`/api/tournaments/${play.tournamentId}`).set('Authorization', play.organizer.auth).send({ version: t.body.version, published: true }).expect(200);
}

