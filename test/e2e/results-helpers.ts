// Helpers for the results and withdrawals specs: an event with a drawn field, users with roles,
// rounds paired and published through the rounds routes, results through PUT /api/games/:id/result.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { roundBody } from './http-helpers';
import { drawnEvent, withRole, type PlayEvent } from './scenario';

export type Play = PlayEvent;

export interface GameBody {
  id: string;
  board: number;
  kind: string;
  red: { id: string } | null;
  black: { id: string } | null;
  result: string | null;
  version: number;
}

export interface RoundBody {
  id: string;
  number: number;
  state: string;
  version: number;
  stageType: string;
  pairings: {
    id: string;
    table: number | null;
    matchKey: string | null;
    red: { id: string; drawNumber: number };
    black: { id: string; drawNumber: number } | null;
    games: GameBody[];
  }[];
}

/** A tournament with one individual event of `n` players, entered (bulk) and drawn (seed 'results'). */
export function playEvent(app: INestApplication, event: Record<string, unknown>, n: number): Promise<Play> {
  return drawnEvent(app, event, n, { seed: 'results' });
}

export { withRole };

/** Pairs the next round (a draft). */
export async function pairDraft(app: INestApplication, play: Play): Promise<RoundBody> {
  const draft = await request(app.getHttpServer())
    .post(`/api/events/${play.eventId}/rounds`)
    .set('Authorization', play.organizer.auth)
    .send(await roundBody(app, play.eventId));
  if (draft.status !== 201) throw new Error(`pairing failed: ${draft.status} ${JSON.stringify(draft.body)}`);
  return draft.body as RoundBody;
}

export async function publish(app: INestApplication, play: Play, round: RoundBody): Promise<RoundBody> {
  const res = await request(app.getHttpServer())
    .post(`/api/rounds/${round.id}/publish`)
    .set('Authorization', play.organizer.auth)
    .send({ version: round.version });
  if (res.status !== 200) throw new Error(`publishing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as RoundBody;
}

/** Pair and publish the next round. */
export async function nextRound(app: INestApplication, play: Play): Promise<RoundBody> {
  return publish(app, play, await pairDraft(app, play));
}

export async function getRound(app: INestApplication, roundId: string, auth?: string): Promise<RoundBody> {
  const req = request(app.getHttpServer()).get(`/api/rounds/${roundId}`);
  if (auth) req.set('Authorization', auth);
  return (await req.expect(200)).body as RoundBody;
}

/** PUT /api/games/:id/result. */
export function putResult(app: INestApplication, auth: string | null, game: { id: string; version: number }, body: Record<string, unknown>) {
  const req = request(app.getHttpServer()).put(`/api/games/${game.id}/result`);
  if (auth) req.set('Authorization', auth);
  return req.send({ version: game.version, ...body });
}

/** Enters `pick(game)` for every game of the round without a result (organizer), in order. */
export async function playRound(app: INestApplication, play: Play, round: RoundBody, pick: (game: GameBody, table: number) => string = () => 'red_win') {
  let last: request.Response | undefined;
  for (const p of round.pairings) {
    for (const g of p.games) {
      if (g.result !== null) continue;
      last = await putResult(app, play.organizer.auth, g, { result: pick(g, p.table ?? 0) });
      if (last.status !== 200) throw new Error(`result failed: ${last.status} ${JSON.stringify(last.body)}`);
    }
  }
  return last?.body;
}
