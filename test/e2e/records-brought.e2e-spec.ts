// Issue 30, "records and files people bring": 象棋巫师 PGN with its trailer, 东萍 DhtmlXQ pages, a
// record's comments and variations (stored, shown in the viewer, written back to the PGN), and an
// uploaded record checked against its game (409 record.differs_from_game unless confirmed).
import { readFileSync } from 'fs';
import { join } from 'path';
import { INestApplication } from '@nestjs/common';
import * as iconv from 'iconv-lite';
import request from 'supertest';
import { INITIAL_FEN, parseIccs } from '@chuhe/xiangqi';
import { writeXqf } from '@chuhe/xiangqi/record-file';
import { newUser, SWISS_EVENT, startTestApp } from './http-helpers';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { Play, RoundBody, nextRound, playEvent, putResult, withRole } from './results-helpers';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'libs', 'xiangqi', 'fixtures', 'records', name)).toString('base64');
const b64 = (s: string, enc = 'utf8') => (enc === 'utf8' ? Buffer.from(s) : iconv.encode(s, enc)).toString('base64');
const PASSWORD = 'correct horse battery';

function cookieOf(res: request.Response): string {
  const c = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((x) => x.startsWith('chuhe_session='));
  if (!c) throw new Error('no session cookie');
  return c.split(';')[0];
}
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('records and files people bring (issue 30)', () => {
  let app: INestApplication;
  let play: Play;
  let round: RoundBody;
  let arbiter: { auth: string; email: string };
  const http = () => request(app.getHttpServer());
  const names: Record<string, { red: string; black: string }> = {};
  const prisma = createPrismaClient(testDatabaseUrl());

  beforeAll(async () => {
    app = await startTestApp();
    play = await playEvent(app, SWISS_EVENT, 8);
    arbiter = (await withRole(app, play, 'arbiter')) as { auth: string; email: string };
    round = await nextRound(app, play);
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await http()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
    for (const p of round.pairings) {
      const g = await prisma.game.findUniqueOrThrow({ where: { id: p.games[0].id }, include: { redPlayer: true, blackPlayer: true } });
      names[p.games[0].id] = { red: g.redPlayer?.nameZh ?? '', black: g.blackPlayer?.nameZh ?? '' };
    }
  }, 300_000);
  afterAll(async () => {
    await prisma.$disconnect();
    await app.close();
  });

  it('a 象棋巫师 PGN (GBK, trailer) naming other players: 409 with both side by side, stored on confirmation with its comments', async () => {
    const game = round.pairings[0].games[0];
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);
    const file = fixture('xqwizard-trailer.pgn');
    // Without a login, and for a user without a role: refused.
    await http().put(`/api/games/${game.id}/record`).send({ file }).expect(401);
    const stranger = await newUser(app, 'stranger');
    await http().put(`/api/games/${game.id}/record`).set('Authorization', stranger.auth).send({ file }).expect(403);
    const refused = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file }).expect(409);
    expect(refused.body).toMatchObject({ code: 'record.differs_from_game', field: 'confirm' });
    // Its result (1-0) agrees with the game; its players do not.
    expect(refused.body.differences).toEqual([
      { field: 'red', record: '王天一', game: expect.any(String) },
      { field: 'black', record: '郑惟桐', game: expect.any(String) },
    ]);
    // Nothing was stored.
    await http().get(`/api/games/${game.id}/record`).expect(404);
    const stored = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file, confirm: true }).expect(200);
    expect(stored.body).toMatchObject({ plies: 14, confirmedDifferences: [{ field: 'red' }, { field: 'black' }] });
    expect(stored.body.warnings.join(' ')).toMatch(/text after the end of the game was ignored/);
    expect(stored.body.annotations.comments).toEqual({ '0': '中炮对屏风马', '6': '黑方挺7卒，形成屏风马挺7卒阵势' });
    // Written back into the PGN, and shown in the viewer.
    const pgn = await http().get(`/api/games/${game.id}/record.pgn`).expect(200);
    expect(pgn.text).toContain('{中炮对屏风马}');
    expect(pgn.text).toContain('{黑方挺7卒，形成屏风马挺7卒阵势}');
    const viewer = await http().get(`/games/${game.id}?ply=6`).expect(200);
    expect(viewer.text).toContain('id="viewer-comment"');
    expect(viewer.text).toContain('黑方挺7卒');
    expect(viewer.text).toContain('id="viewer-comments"');
  });

  it('an XQF saying "draw" is not put onto a 0-1 game silently', async () => {
    const game = round.pairings[1].games[0];
    await putResult(app, arbiter.auth, game, { result: 'black_win' }).expect(200);
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9'].map((m) => parseIccs(m)!);
    const file = Buffer.from(writeXqf(INITIAL_FEN, moves, { version: 12, tags: { Result: '1/2-1/2' } })).toString('base64');
    const refused = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file }).expect(409);
    expect(refused.body.differences).toEqual([{ field: 'result', record: '1/2-1/2', game: '0-1' }]);
    await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file, confirm: true }).expect(200);
    // The game's result is untouched.
    expect((await prisma.game.findUniqueOrThrow({ where: { id: game.id } })).result).toBe('black_win');
  });

  it('game 2 of a PGN with other players is refused for this pairing; the same players (either name) are accepted', async () => {
    const game = round.pairings[2].games[0];
    await putResult(app, arbiter.auth, game, { result: 'draw' }).expect(200);
    const { red, black } = names[game.id];
    const two = `[Red "${red}"]\n[Black "${black}"]\n[Result "1/2-1/2"]\n\n1. 炮二平五 马8进7 1/2-1/2\n\n[Red "别人"]\n[Black "${black}"]\n[Result "1/2-1/2"]\n\n1. 兵七进一 卒7进1 1/2-1/2\n`;
    const wrong = await http()
      .put(`/api/games/${game.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ file: b64(two, 'gbk'), game: 2 })
      .expect(409);
    expect(wrong.body.differences).toEqual([{ field: 'red', record: '别人', game: expect.stringContaining(red) }]);
    const right = await http()
      .put(`/api/games/${game.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ file: b64(two, 'gbk'), game: 1 })
      .expect(200);
    expect(right.body.confirmedDifferences).toBeUndefined();
  });

  it('a 东萍 DhtmlXQ page, pasted or uploaded: main line, comments and variations', async () => {
    const game = round.pairings[3].games[0];
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);
    const page = `<html><body><div id="dhtmlxq_view">[DhtmlXQ]
[DhtmlXQ_title]第1轮[/DhtmlXQ_title]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]7747706279678081[/DhtmlXQ_movelist]
[DhtmlXQ_comment1]当头炮[/DhtmlXQ_comment1]
[DhtmlXQ_move_0_2_1]7242[/DhtmlXQ_move_0_2_1]
[/DhtmlXQ]</div></body></html>`;
    const pasted = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ text: page }).expect(200);
    expect(pasted.body).toMatchObject({ format: 'dhtmlxq', plies: 4, moves: ['h2e2', 'h9g7', 'h0g2', 'i9i8'] });
    expect(pasted.body.annotations).toEqual({
      comments: { '1': '当头炮' },
      variations: [{ ply: 2, moves: ['h7e7'], comments: {}, variations: [] }],
    });
    const uploaded = await http()
      .put(`/api/games/${game.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ file: b64(page, 'gbk'), version: 1 })
      .expect(200);
    expect(uploaded.body).toMatchObject({ format: 'dhtmlxq', plies: 4, version: 2 });
    const pgn = await http().get(`/api/games/${game.id}/record.pgn`).expect(200);
    expect(pgn.text.replace(/\s+/g, ' ')).toContain('1. 炮二平五 {当头炮} 1... 马8进7 ( 1... 炮8平5 ) 2. 马二进三 车9进1');
    const viewer = await http().get(`/games/${game.id}?lang=en`).expect(200);
    expect(viewer.text).toContain('id="viewer-variations"');
    expect(viewer.text).toContain('Instead of ply 2');
  });

  it('the staff record page shows the record beside the game and stores it only once confirmed', async () => {
    const game = round.pairings[0].games[0];
    const cookie = cookieOf(await http().post('/login').type('form').send({ email: arbiter.email, password: PASSWORD }).expect(303));
    const form = await http().get(`/games/${game.id}/record?lang=en`).set('Cookie', cookie).expect(200);
    const version = /name="version" value="(\d+)"/.exec(form.text)?.[1];
    const text = `[Red "别人"]\n[Result "0-1"]\n\n1. 炮二平五 马8进7 0-1`;
    const shown = await http()
      .post(`/games/${game.id}/record?lang=en`)
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrfOf(form.text), text, version })
      .expect(409);
    expect(shown.text).toContain('id="record-compare"');
    expect(shown.text).toMatch(/<tr class="differs" data-field="result"><th scope="row">Result<\/th><td>0-1<\/td><td>[^<]*1[–-]0/);
    expect(shown.text).toMatch(/<tr class="differs" data-field="red">/);
    expect(shown.text).toMatch(/<tr class="" data-field="black">/);
    expect(shown.text).toContain('id="record-confirm"');
    await http()
      .post(`/games/${game.id}/record?lang=en`)
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrfOf(shown.text), text, version, confirm: 'on' })
      .expect(303);
    expect((await http().get(`/api/games/${game.id}/record`).expect(200)).body).toMatchObject({ plies: 2, annotations: { comments: {}, variations: [] } });
  });
});
