// Issue 25: record entry links (capabilities per game and side), the arbiter's lock, the round's
// record status for the result sheet, PGN downloads, files as they come (encodings, many games, XQF).
import { INestApplication } from '@nestjs/common';
import * as iconv from 'iconv-lite';
import request from 'supertest';
import { INITIAL_FEN, parseIccs } from '@chuhe/xiangqi';
import { writeXqf } from '@chuhe/xiangqi/record-file';
import { newUser, SWISS_EVENT, startTestApp } from './http-helpers';
import { createPrismaClient, testDatabaseUrl } from '../support/database';
import { Play, RoundBody, nextRound, playEvent, putResult, withRole } from './results-helpers';

const GAME = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'g3g4', 'c6c5'];

describe('record links (issue 25)', () => {
  let app: INestApplication;
  let play: Play;
  let round: RoundBody;
  let arbiter: { auth: string };
  const http = () => request(app.getHttpServer());
  let db: ReturnType<typeof createPrismaClient> | undefined;
  const prisma = () => (db ??= createPrismaClient(testDatabaseUrl()));

  beforeAll(async () => {
    app = await startTestApp();
    play = await playEvent(app, SWISS_EVENT, 8);
    arbiter = await withRole(app, play, 'arbiter');
    round = await nextRound(app, play);
    // The public pages show published tournaments only.
    const t = (await http().get(`/api/tournaments/${play.tournamentId}`).expect(200)).body;
    await http()
      .patch(`/api/tournaments/${play.tournamentId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: t.version, published: true })
      .expect(200);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await app.close();
  });

  it('the winner’s link enters the record; the loser’s is refused; revoked links are refused; the lock stops the link but not the arbiter', async () => {
    const game = round.pairings[0].games[0];
    // No record yet: the hub links no PGN (a file with nothing in it).
    expect((await http().get(`/events/${play.eventId}?lang=en`).set('Accept', 'text/html').expect(200)).text).not.toContain('records.pgn');
    // Links are staff-issued; tokens are long and random.
    await http().post(`/api/games/${game.id}/record-links`).expect(401);
    const issued = await http().post(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(201);
    const { red, black } = issued.body as { red: { token: string; path: string }; black: { token: string } };
    expect(red.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(red.path).toBe(`/records/${red.token}`);
    // No result yet: nobody is due.
    const before = await http().get(`/api/record-links/${red.token}`).expect(200);
    expect(before.body).toMatchObject({ side: 'red', mayEnter: false, refusal: { code: 'record_link.no_result' } });
    expect(before.headers['cache-control']).toBe('no-store');
    await putResult(app, arbiter.auth, game, { result: 'black_win' }).expect(200);
    // Black won: Black enters (二章3节7); Red's link is refused.
    const view = await http().get(`/api/record-links/${black.token}`).expect(200);
    expect(view.body).toMatchObject({ side: 'black', due: 'black', mayEnter: true, initialFen: INITIAL_FEN, record: null });
    const loser = await http().put(`/api/record-links/${red.token}/record`).send({ moves: GAME }).expect(403);
    expect(loser.body).toMatchObject({ code: 'record_link.not_due' });
    expect(loser.body.message).toContain('二章3节7');
    // An illegal move: 400 naming it.
    const bad = await http()
      .put(`/api/record-links/${black.token}/record`)
      .send({ moves: ['h2e2', 'h9h5'] })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('moves[1]');
    const entered = await http().put(`/api/record-links/${black.token}/record`).send({ moves: GAME, unrecorded: 2 }).expect(200);
    expect(entered.body).toMatchObject({ plies: 8, version: 1 });
    expect(entered.body.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'end_needs_no_mate' }), expect.objectContaining({ code: 'unrecorded_moves', side: 'black' })]),
    );
    const stored = await http().get(`/api/games/${game.id}/record`).expect(200);
    expect(stored.body).toMatchObject({ moves: GAME, enteredVia: 'link', locked: false });
    // Replacing needs the version (409 when stale).
    await http()
      .put(`/api/record-links/${black.token}/record`)
      .send({ moves: GAME.slice(0, 6), version: 7 })
      .expect(409);
    await http()
      .put(`/api/record-links/${black.token}/record`)
      .send({ moves: GAME.slice(0, 6), version: 1 })
      .expect(200);
    // The result sheet's record column.
    const status = await http().get(`/api/rounds/${round.id}/records`).set('Authorization', arbiter.auth).expect(200);
    expect(status.body.find((s: { gameId: string }) => s.gameId === game.id)).toMatchObject({ state: 'in', enteredVia: 'link', plies: 6, due: 'black' });
    expect(status.body.filter((s: { state: string }) => s.state === 'missing').length).toBe(round.pairings.length - 1);
    // The result sheet (issue 20) shows each game's record state in its Record column.
    const sheet = await http().get(`/rounds/${round.id}/results?lang=en`).set('Authorization', arbiter.auth).expect(200);
    expect(sheet.text).toContain('in (6)');
    // The arbiter locks: the link can no longer change it, the arbiter can.
    await http().put(`/api/games/${game.id}/record/lock`).set('Authorization', arbiter.auth).send({ locked: true, version: 1 }).expect(409);
    const locked = await http().put(`/api/games/${game.id}/record/lock`).set('Authorization', arbiter.auth).send({ locked: true, version: 2 }).expect(200);
    expect(locked.body).toMatchObject({ locked: true, version: 3 });
    const afterLock = await http().put(`/api/record-links/${black.token}/record`).send({ moves: GAME, version: 3 }).expect(403);
    expect(afterLock.body.code).toBe('record_link.locked');
    await http()
      .put(`/api/games/${game.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ text: GAME.join(' '), version: 3 })
      .expect(200);
    // Revoked: issuing again revokes the old links; revoking explicitly too.
    const again = await http().post(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(201);
    const old = await http().get(`/api/record-links/${black.token}`).expect(403);
    expect(old.body.code).toBe('record_link.revoked');
    await http().delete(`/api/games/${game.id}/record-links`).set('Authorization', arbiter.auth).expect(200);
    await http().get(`/api/record-links/${again.body.black.token}`).expect(403);
    await http().get('/api/record-links/not-a-token').expect(404);
  });

  it('a draw: Red enters; a short draw flags 二章8节12; PGN of the game, the round and the event', async () => {
    const game = round.pairings[1].games[0];
    await putResult(app, arbiter.auth, game, { result: 'draw' }).expect(200);
    const links = (await http().post(`/api/rounds/${round.id}/record-links`).set('Authorization', arbiter.auth).expect(201)).body.games as {
      gameId: string;
      red: { token: string };
      black: { token: string };
    }[];
    expect(links).toHaveLength(round.pairings.length);
    const mine = links.find((l) => l.gameId === game.id)!;
    await http().put(`/api/record-links/${mine.black.token}/record`).send({ moves: GAME }).expect(403);
    const r = await http().put(`/api/record-links/${mine.red.token}/record`).send({ moves: GAME }).expect(200);
    expect(r.body.earlyDrawFlagged).toBe(true);
    const status = await http().get(`/api/rounds/${round.id}/records`).set('Authorization', arbiter.auth).expect(200);
    expect(status.body.find((s: { gameId: string }) => s.gameId === game.id)).toMatchObject({ state: 'in', due: 'red', flagged: true });
    const pgn = await http().get(`/api/games/${game.id}/record.pgn`).expect(200);
    expect(pgn.text).toMatch(/\[Event "[^"]+"\]\n\[Site "[^"]+"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]\n\[Round "1"\]/);
    expect(pgn.text).toContain('[Format "Chinese"]');
    expect(pgn.text).toContain('[Result "1/2-1/2"]');
    expect(pgn.headers['content-disposition']).toMatch(/^attachment; filename="Individual_round_1_table_\d+\.pgn"; filename\*=UTF-8''/);
    expect(decodeURIComponent(pgn.headers['content-disposition'].split("UTF-8''")[1])).toMatch(/^个人赛 第1轮 第\d+台\.pgn$/);
    const roundPgn = await http().get(`/api/rounds/${round.id}/records.pgn`).expect(200);
    // Named after the event and the round: the Chinese name in UTF-8 (RFC 5987), an ASCII fallback.
    expect(roundPgn.headers['content-disposition']).toBe(
      `attachment; filename="Individual_round_1.pgn"; filename*=UTF-8''${encodeURIComponent('个人赛 第1轮.pgn')}`,
    );
    const roundPgnEn = await http().get(`/api/rounds/${round.id}/records.pgn?lang=en`).expect(200);
    expect(roundPgnEn.headers['content-disposition']).toContain(`filename*=UTF-8''Individual%20round%201.pgn`);
    expect(roundPgn.text.match(/\[Game "Chinese Chess"\]/g)).toHaveLength(2);
    const eventPgn = await http().get(`/api/events/${play.eventId}/records.pgn`).expect(200);
    expect(eventPgn.text.match(/\[Round "1"\]/g)).toHaveLength(2);
    expect(eventPgn.headers['content-disposition']).toBe(
      `attachment; filename="Individual_games.pgn"; filename*=UTF-8''${encodeURIComponent('个人赛 棋谱.pgn')}`,
    );
    // The hub's downloads and the round's pairings page link the round's PGN once it has records (issue 21).
    const hub = await http().get(`/events/${play.eventId}?lang=en`).set('Accept', 'text/html').expect(200);
    expect(hub.text).toContain(`href="/api/rounds/${round.id}/records.pgn?lang&#x3D;en" download`);
    expect(hub.text).toContain(`href="/api/events/${play.eventId}/records.pgn?lang&#x3D;en" download`);
    const pairingsZh = await http().get(`/events/${play.eventId}/rounds/${round.number}?lang=zh`).set('Accept', 'text/html').expect(200);
    expect(pairingsZh.text).toContain(`href="/api/rounds/${round.id}/records.pgn" download`);
    // A recorded game is linked as its record (issue 30 #6: "record" only where there is one).
    expect(pairingsZh.text).toMatch(new RegExp(`<a class="game-link" href="/games/${game.id}[^"]*">棋谱</a>`));
    // The pages: the viewer (any position by ?ply=), the diagram sheet, the entry page (the loser's refused).
    const viewer = await http().get(`/games/${game.id}?ply=3&lang=en`).set('Accept', 'text/html').expect(200);
    expect(viewer.text).toContain('aria-current="step"');
    expect(viewer.text).toContain('H2+3');
    expect((await http().get(`/games/${game.id}/diagrams?lang=zh`).set('Accept', 'text/html').expect(200)).text).toContain('炮二平五');
    const page = await http().get(`/records/${mine.red.token}`).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('id="entry-data"');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const refusedPage = await http().get(`/records/${mine.black.token}?lang=en`).set('Accept', 'text/html').expect(403);
    expect(refusedPage.text).toContain('二章3节7');
    // The client script is served, bundled.
    const js = await http().get('/static/js/record-entry.js').expect(200);
    expect(js.text.length).toBeGreaterThan(1000);
  });

  it('the staff slips with the record links’ QR codes: arbiters only (401/403), asked first, new links each print; the public slips carry none', async () => {
    const path = `/rounds/${round.id}/print/record-slips`;
    // Anonymous: the login page (a page route), never the slips; an API-style call answers 401.
    const anon = await http().get(path).set('Accept', 'text/html').expect(303);
    expect(anon.headers.location).toContain('/login?next=');
    await http().post(path).expect(401);
    // The organizer, a stranger and an arbiter of another tournament may not print them.
    const stranger = await newUser(app, 'stranger');
    const other = await playEvent(app, { ...SWISS_EVENT, nameZh: '别的赛', nameEn: 'Other' }, 2);
    const otherArbiter = await withRole(app, other, 'arbiter');
    for (const who of [play.organizer, stranger, otherArbiter]) {
      await http().get(path).set('Authorization', who.auth).set('Accept', 'text/html').expect(403);
      await http().post(path).set('Authorization', who.auth).set('Accept', 'text/html').expect(403);
    }
    // The arbiter is asked first (printing revokes the links printed before).
    const ask = await http().get(path).set('Authorization', arbiter.auth).set('Accept', 'text/html').expect(200);
    expect(ask.text).toContain(`action="${path}"`);
    expect(ask.text).not.toContain('/records/');
    const printed = await http().post(path).set('Authorization', arbiter.auth).set('Accept', 'text/html').expect(200);
    expect(printed.headers['cache-control']).toBe('no-store');
    expect(printed.headers['referrer-policy']).toBe('no-referrer');
    const games = round.pairings.filter((p) => p.black !== null).length;
    expect((printed.text.match(/class="slip"/g) ?? []).length).toBe(games);
    const urls = [...printed.text.matchAll(/<span class="qr-url">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(urls).toHaveLength(2 * games);
    expect(urls.every((u) => /^http:\/\/127\.0\.0\.1:\d+\/records\/[A-Za-z0-9_-]{43}$/.test(u))).toBe(true);
    expect((printed.text.match(/<svg role="img"[^>]*class="record-qr"/g) ?? []).length).toBe(2 * games);
    // Each print issues new links for every game and revokes the earlier ones.
    const live = await prisma().recordLink.count({ where: { revokedAt: null, game: { pairing: { roundId: round.id } } } });
    expect(live).toBe(2 * games);
    const token = urls[0].split('/records/')[1];
    await http().get(`/api/record-links/${token}`).expect(200);
    await http().post(path).set('Authorization', arbiter.auth).set('Accept', 'text/html').expect(200);
    expect((await http().get(`/api/record-links/${token}`).expect(403)).body.code).toBe('record_link.revoked');
    // The result sheet links the printout for the arbiter, not for the organizer.
    expect((await http().get(`/rounds/${round.id}/results`).set('Authorization', arbiter.auth).expect(200)).text).toContain(`href="${path}"`);
    expect((await http().get(`/rounds/${round.id}/results`).set('Authorization', play.organizer.auth).expect(200)).text).not.toContain(`href="${path}"`);
    // The public slips of the same round carry no link and no QR code.
    const pub = await http().get(`/events/${play.eventId}/rounds/${round.number}/print/slips?lang=zh`).set('Accept', 'text/html').expect(200);
    expect((pub.text.match(/class="slip"/g) ?? []).length).toBe(games);
    // (The page's inline stylesheet names the slips' classes: the markup is what must carry none.)
    expect(pub.text.replace(/<style>[\s\S]*?<\/style>/, '')).not.toMatch(/\/records\/|record-qr|qr-url/);
  });

  it('the lock form of the game’s record page: staff only (401/403), locks and opens again', async () => {
    const game = round.pairings[3].games[0];
    await putResult(app, arbiter.auth, game, { result: 'red_win' }).expect(200);
    await http()
      .put(`/api/games/${game.id}/record`)
      .set('Authorization', arbiter.auth)
      .send({ text: GAME.join(' ') })
      .expect(200);
    const path = `/games/${game.id}/record/lock`;
    await http().post(path).type('form').send({ locked: 'yes', version: '1' }).expect(401);
    const stranger = await newUser(app, 'stranger');
    await http().post(path).set('Authorization', stranger.auth).type('form').send({ locked: 'yes', version: '1' }).expect(403);
    const page = await http().get(`/games/${game.id}/record?lang=en`).set('Authorization', arbiter.auth).expect(200);
    expect(page.text).toContain(`action="${path}"`);
    expect(page.text).toContain('Lock the record');
    // The stored text may be ICCS only: the page links the viewer, which reads it in the page's notation (issue 30 #6).
    expect(page.text).toContain(`<a id="record-viewer" href="/games/${game.id}?lang&#x3D;en">Read it in the viewer</a>`);
    // A stale version is refused and shown on the page (409), the record stays open.
    const stale = await http().post(path).set('Authorization', arbiter.auth).type('form').send({ locked: 'yes', version: '9' });
    expect(stale.status).toBe(409);
    expect((await http().get(`/api/games/${game.id}/record`).expect(200)).body.locked).toBe(false);
    await http().post(path).set('Authorization', arbiter.auth).type('form').send({ locked: 'yes', version: '1' }).expect(303);
    expect((await http().get(`/api/games/${game.id}/record`).expect(200)).body).toMatchObject({ locked: true, version: 2 });
    expect((await http().get(`/games/${game.id}/record?lang=en`).set('Authorization', arbiter.auth).expect(200)).text).toContain('Open it again');
    await http().post(path).set('Authorization', arbiter.auth).type('form').send({ locked: 'no', version: '2' }).expect(303);
    expect((await http().get(`/api/games/${game.id}/record`).expect(200)).body.locked).toBe(false);
  });

  it('the arbiter uploads files as they come: GBK of several games (choose one), Big5, encrypted XQF; a broken CBR refused naming it', async () => {
    const game = round.pairings[2].games[0];
    const many = iconv.encode('[Event "甲"]\n\n1. 炮二平五 马8进7 *\n\n[Event "乙"]\n\n1. 兵七进一 卒7进1 *\n', 'gbk').toString('base64');
    const which = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file: many }).expect(400);
    expect(JSON.stringify(which.body)).toContain('the file holds 2 games');
    const second = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file: many, game: 2 }).expect(200);
    expect(second.body).toMatchObject({ moves: ['c3c4', 'g6g5'] });
    expect(second.body.readAs).toContain('GB18030');
    const big5 = iconv.encode('[Event "首屆"味極王杯"象棋精英賽"]\n\n1. 炮二平五 馬8進7 *\n', 'big5').toString('base64');
    const b = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file: big5, version: 1 }).expect(200);
    expect(b.body.readAs).toContain('Big5');
    expect(b.body.warnings[0]).toContain('unescaped quotes');
    const xqf = Buffer.from(
      writeXqf(
        INITIAL_FEN,
        GAME.map((m) => parseIccs(m)!),
        { version: 11 },
      ),
    ).toString('base64');
    const x = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file: xqf, version: 2 }).expect(200);
    expect(x.body).toMatchObject({ moves: GAME, readAs: 'XQF version 11 (encrypted)' });
    const cbr = Buffer.from('CCBridge Record\0\0\0\0').toString('base64');
    const refused = await http().put(`/api/games/${game.id}/record`).set('Authorization', arbiter.auth).send({ file: cbr, version: 3 }).expect(400);
    expect(JSON.stringify(refused.body)).toContain('CBR: a CBR record has a 2214-byte header');
  });
});
