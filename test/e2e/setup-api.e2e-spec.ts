import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, SWISS_EVENT, TEAM_EVENT, TOURNAMENT } from './http-helpers';
import { nextRound, pairDraft, Play, playEvent, playRound, withRole } from './results-helpers';

/**
 * The API behind the organizer's setup pages (issue 20): undoing a mistaken withdrawal until the
 * next round is paired (audited), removing an entry before round 1, the event settings the pages
 * edit (scoring, pairing options, lineup deadline, frozen at round 1), and the CSV preview.
 */
describe('setup API: undo a withdrawal, remove an entry, event settings', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const http = () => request(app.getHttpServer());

  async function entry(play: Play, id: string) {
    const list = await http().get(`/api/events/${play.eventId}/entries`).expect(200);
    return (list.body as { id: string; version: number; status: string; drawNumber: number | null; withdrawnAfterRound: number | null }[]).find(
      (e) => e.id === id,
    )!;
  }
  async function audit(play: Play, entityId: string) {
    const res = await http().get(`/api/tournaments/${play.tournamentId}/audit?entityId=${entityId}`).set('Authorization', play.organizer.auth).expect(200);
    return res.body.items as { action: string; reason: string | null; userId: string }[];
  }

  it('undoes a withdrawal after round 1 until round 2 is paired; then the withdrawal stands (409); audited', async () => {
    const play = await playEvent(app, SWISS_EVENT, 8);
    const round1 = await nextRound(app, play);
    await playRound(app, play, round1);
    const id = play.entryIds[0];
    const chief = await withRole(app, play, 'chief_arbiter');
    const arbiter = await withRole(app, play, 'arbiter');

    const e = await entry(play, id);
    await http().post(`/api/entries/${id}/withdraw`).set('Authorization', chief.auth).send({ version: e.version, reason: 'wrong player' }).expect(200);
    const gone = await entry(play, id);
    expect(gone).toMatchObject({ status: 'withdrawn', withdrawnAfterRound: 1 });

    // An arbiter may not undo it (the chief arbiter's and the organizer's, like the withdrawal); a stale version is a 409.
    await http().post(`/api/entries/${id}/undo-withdrawal`).set('Authorization', arbiter.auth).send({ version: gone.version }).expect(403);
    await http().post(`/api/entries/${id}/undo-withdrawal`).send({ version: gone.version }).expect(401);
    const stale = await http()
      .post(`/api/entries/${id}/undo-withdrawal`)
      .set('Authorization', chief.auth)
      .send({ version: gone.version - 1 });
    expect(stale.status).toBe(409);
    const bad = await http().post(`/api/entries/${id}/undo-withdrawal`).set('Authorization', chief.auth).send({ version: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('version');

    const undone = await http()
      .post(`/api/entries/${id}/undo-withdrawal`)
      .set('Authorization', chief.auth)
      .send({ version: gone.version, reason: 'meant another player' })
      .expect(200);
    expect(undone.body.entry).toMatchObject({ id, status: 'active', withdrawnAfterRound: null, withdrawalReason: null, drawNumber: gone.drawNumber });
    expect(undone.body.redrawNeeded).toBe(false);
    const rows = await audit(play, id);
    expect(rows[0]).toMatchObject({
      action: 'update',
      userId: chief.id,
      reason: expect.stringMatching(/withdrawal undone \(it was after round 1: wrong player\) — meant another player/),
    });
    // Undoing twice: 409 (not withdrawn).
    await http().post(`/api/entries/${id}/undo-withdrawal`).set('Authorization', chief.auth).send({ version: undone.body.entry.version }).expect(409);

    // Round 2 pairs the entry again.
    const round2 = await pairDraft(app, play);
    expect(round2.pairings.some((p) => p.red.id === id || p.black?.id === id)).toBe(true);

    // A withdrawal after round 1 while round 2 is a draft: the undo waits for the draft to go.
    const again = await entry(play, id);
    await http().post(`/api/entries/${id}/withdraw`).set('Authorization', chief.auth).send({ version: again.version, afterRound: 1 }).expect(200);
    const refused = await http()
      .post(`/api/entries/${id}/undo-withdrawal`)
      .set('Authorization', chief.auth)
      .send({ version: (await entry(play, id)).version });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/round 2 is paired \(draft\)/);
    const after = await entry(play, id);
    expect(after.status).toBe('withdrawn');
  });

  it('before the start: undoing a withdrawal after the draw asks for a new draw (二章7节2)', async () => {
    const play = await playEvent(app, SWISS_EVENT, 6);
    const id = play.entryIds[2];
    const e = await entry(play, id);
    const w = await http().post(`/api/entries/${id}/withdraw`).set('Authorization', play.organizer.auth).send({ version: e.version }).expect(200);
    expect(w.body.redrawNeeded).toBe(true);
    const undone = await http()
      .post(`/api/entries/${id}/undo-withdrawal`)
      .set('Authorization', play.organizer.auth)
      .send({ version: w.body.entry.version })
      .expect(200);
    expect(undone.body).toMatchObject({ redrawNeeded: true, entry: { status: 'active', drawNumber: null } });
    const event = await http().get(`/api/events/${play.eventId}`).expect(200);
    expect(event.body.redrawNeeded).toBe(true);
    await http().post(`/api/events/${play.eventId}/draw`).set('Authorization', play.organizer.auth).send({}).expect(201);
    expect((await entry(play, id)).drawNumber).not.toBeNull();
  });

  it('removes an entry before round 1 (a drawn one asks for a new draw); refuses after round 1 is paired', async () => {
    const play = await playEvent(app, SWISS_EVENT, 6);
    const arbiter = await withRole(app, play, 'arbiter');
    const id = play.entryIds[0];
    await http().delete(`/api/entries/${id}`).set('Authorization', arbiter.auth).expect(403);
    await http().delete(`/api/entries/${id}`).expect(401);
    await http().delete(`/api/entries/${id}`).set('Authorization', play.organizer.auth).expect(204);
    expect(await entry(play, id)).toBeUndefined();
    expect((await http().get(`/api/events/${play.eventId}`).expect(200)).body.redrawNeeded).toBe(true);
    expect((await audit(play, id))[0]).toMatchObject({ action: 'delete', reason: expect.stringMatching(/二章7节2/) });
    await http().delete(`/api/entries/${id}`).set('Authorization', play.organizer.auth).expect(404);
    await http().post(`/api/events/${play.eventId}/draw`).set('Authorization', play.organizer.auth).send({}).expect(201);
    await pairDraft(app, play);
    const closed = await http().delete(`/api/entries/${play.entryIds[1]}`).set('Authorization', play.organizer.auth);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/withdraw/);
  });

  it('edits the scoring, pairing options and lineup deadline (until round 1); category and team size only without entries', async () => {
    const organizer = await newUser(app, 'org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const created = await http()
      .post(`/api/tournaments/${t}/events`)
      .set('Authorization', organizer.auth)
      .send({ ...TEAM_EVENT, pairingOptions: { sameAffiliation: 'round1' }, lineupDeadlineMinutes: 45, scoring: '1-0.5-0' })
      .expect(201);
    expect(created.body).toMatchObject({ pairingOptions: { sameAffiliation: 'round1' }, lineupDeadlineMinutes: 45, scoring: '1-0.5-0' });
    const bad = await http()
      .post(`/api/tournaments/${t}/events`)
      .set('Authorization', organizer.auth)
      .send({ ...SWISS_EVENT, pairingOptions: { sameAffiliation: 'sometimes' }, lineupDeadlineMinutes: -1 })
      .expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['lineupDeadlineMinutes', 'pairingOptions.sameAffiliation']);
    const updated = await http()
      .patch(`/api/events/${created.body.id}`)
      .set('Authorization', organizer.auth)
      .send({
        version: created.body.version,
        scoring: '2-1-0',
        pairingOptions: { sameAffiliation: 'event' },
        lineupDeadlineMinutes: 20,
        teamStarters: 4,
        category: 'women',
      })
      .expect(200);
    expect(updated.body).toMatchObject({
      scoring: '2-1-0',
      pairingOptions: { sameAffiliation: 'event' },
      lineupDeadlineMinutes: 20,
      teamStarters: 4,
      category: 'women',
    });

    const play = await playEvent(app, SWISS_EVENT, 4);
    const ev = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    const withEntries = await http()
      .patch(`/api/events/${play.eventId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: ev.version, category: 'women' });
    expect(withEntries.status).toBe(409);
    expect(withEntries.body.message).toMatch(/^category: the event has entries/);
    const individual = await http()
      .patch(`/api/events/${play.eventId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: ev.version, teamReserves: 2 });
    expect(individual.status).toBe(400);
    await nextRound(app, play);
    const now = (await http().get(`/api/events/${play.eventId}`).expect(200)).body;
    const frozen = await http()
      .patch(`/api/events/${play.eventId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: now.version, scoring: '1-0.5-0' });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toMatch(/^scoring: round 1 has been paired/);
    // What is not frozen still changes: the lineup deadline.
    await http()
      .patch(`/api/events/${play.eventId}`)
      .set('Authorization', play.organizer.auth)
      .send({ version: now.version, lineupDeadlineMinutes: 60 })
      .expect(200);
  });
});
