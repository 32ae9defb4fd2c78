import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { startTestApp, SWISS_EVENT } from './http-helpers';
import { openStream, publishTournament } from './live-helpers';
import { nextRound, Play, playEvent, putResult, RoundBody } from './results-helpers';

/** The heartbeat period in this test (CHUHE_LIVE_HEARTBEAT_MS): a stream silent for ¾ of it gets a keep-alive. */
const HEARTBEAT_MS = 1000;

/**
 * Issue 35 #4: a live stream's heartbeat (a `: keep-alive` comment that keeps proxies from closing
 * it) goes only to a stream that has been silent — one sweep for all streams instead of a timer
 * each. A quiet stream still gets one at least once a period; a stream that gets a frame for every
 * result gets no heartbeat beside them (a crowd at a round's end: one write per result, not more).
 */
describe('live streams: the heartbeat goes to silent streams only', () => {
  let app: INestApplication;
  let port: number;
  let play: Play;
  let round: RoundBody;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.CHUHE_LIVE_HEARTBEAT_MS = String(HEARTBEAT_MS);
    app = await startTestApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    play = await playEvent(app, SWISS_EVENT, 4);
    round = await nextRound(app, play);
    await publishTournament(app, play);
  }, 300_000);

  afterAll(async () => {
    process.env = saved;
    await app?.close();
  });

  it('a quiet stream gets keep-alives; while results come, only after a silence', async () => {
    const stream = openStream(port, `/api/events/${play.eventId}/live`);
    await stream.ready;
    expect(stream.status).toBe(200);
    await stream.next((f) => f.event === 'hello');

    // Quiet for 3.5 periods: a keep-alive at least every period (the sweep runs every ¼ period).
    await new Promise((r) => setTimeout(r, 3.5 * HEARTBEAT_MS));
    const quiet = stream.comments.length;
    expect(quiet).toBeGreaterThanOrEqual(2);

    // Results one after another for 3.5 periods: each reaches the stream as a change frame.
    const game = { ...round.pairings[0].games[0] };
    const results = ['red_win', 'draw', 'black_win'];
    const busyFrom = Date.now();
    let entered = 0;
    while (Date.now() - busyFrom < 3.5 * HEARTBEAT_MS) {
      const res = await putResult(app, play.organizer.auth, game, { result: results[entered++ % 3] });
      expect(res.status).toBe(200);
      game.version = (res.body as { game: { version: number } }).game.version;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300)); // the last result's frame (coalesced over 200 ms)
    const busyTo = Date.now();
    const writes = [...stream.frames.map((f) => f.at!), ...stream.comments].sort((x, y) => x - y);
    const changes = stream.frames.filter((f) => f.event === 'change' && f.at! >= busyFrom).length;
    const beats = stream.comments.filter((at) => at >= busyFrom && at <= busyTo);
    console.log(
      `heartbeat: ${quiet} keep-alives in 3.5 quiet periods; ${entered} results → ${changes} change frames and ${beats.length} keep-alives in 3.5 busy periods`,
    );
    expect(changes).toBeGreaterThanOrEqual(3);
    // A keep-alive among the results only after a silence: here, where the machine stalled the frames
    // for more than half a period (the server sends one after ¾ of a period without a write).
    for (const at of beats) {
      const before = writes.filter((w) => w < at);
      const silence = at - before[before.length - 1]; // the hello at least came before
      expect(silence).toBeGreaterThan(HEARTBEAT_MS / 2);
    }
    stream.close();
  }, 120_000);
});
