// Issue 31 #4: entering an open event without an account — the request stored `unconfirmed`, a
// link mailed (through the real SMTP server the mail tests use), the link followed once even by
// two server instances at once; eligibility in the person's language; unconfirmed requests hold
// no place and expire after 48 hours. Issue 32 #5: the decision mail in the person's language.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { MailSender } from '../../apps/server/src/mail/mail-sender';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { CONFIRM_HOURS, confirmHashOf } from '../../apps/server/src/entry-requests/by-mail.service';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { openRegistration, person, User } from './entries-helpers';
import { startTestSmtp, TestSmtp } from './venue-smtp';

const withoutKey = ({ _once, ...rest }: Record<string, string>) => (void _once, rest);
const detailsName = (r: { details: unknown }) => (r.details as { members: { nameEn: string }[] }).members[0].nameEn;

describe('entering without an account (issue 31 #4)', () => {
  let smtp: TestSmtp;
  let one: INestApplication;
  let two: INestApplication;
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS, pub: process.env.CHUHE_PUBLIC_URL };
  const http = () => request(one.getHttpServer());
  const prisma = () => one.get(PrismaService);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0'; // the test drains the queue itself (sendDue)
    process.env.CHUHE_PUBLIC_URL = 'https://chess.example.org';
    one = await startTestApp();
    two = await startTestApp();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await smtp.close();
    for (const [k, v] of [
      ['CHUHE_SMTP_URL', saved.url],
      ['CHUHE_MAIL_POLL_MS', saved.poll],
      ['CHUHE_PUBLIC_URL', saved.pub],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  async function openEvent(
    rules: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ): Promise<{ t: string; organizer: User; eventId: string; regsVersion: number }> {
    const organizer = await newUser(one, 'org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, ...extra })
        .expect(201)
    ).body;
    await http()
      .put(`/api/events/${ev.id}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: ev.version, selfRegistration: true, ...rules })
      .expect(200);
    const regs = await openRegistration(one, organizer.auth, t);
    return { t, organizer, eventId: ev.id, regsVersion: regs.version };
  }

  /** Sends what is queued (as the sender loop would) until `n` mails for `to` arrived at the SMTP server. */
  async function mailsTo(to: string, n: number) {
    const until = Date.now() + 20_000;
    for (;;) {
      const got = smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(to));
      if (got.length >= n) return got;
      if (Date.now() > until) throw new Error(`expected ${n} mails to ${to}, ${got.length} arrived`);
      await one.get(MailSender).sendDue(50);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** The link of a confirmation mail, without the public address: the path and its ?lang= (the person's language). */
  const linkIn = (text: string) => /https:\/\/chess\.example\.org(\/entry-requests\/confirm\/[A-Za-z0-9_-]+\?lang=[\w-]+)/.exec(text);

  it('asks with an address, mails the link in the person’s language, confirms once (twice followed, two instances), then the decision mail', async () => {
    const { t, organizer, eventId } = await openEvent({ maxEntries: 8 }, { nameZh: '公开赛', nameEn: 'Open' });
    const stamp = Date.now();
    const email = `self-${stamp}@test.chuhe`;
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=zh-Hant`)
      .send({ player: person('陈国华', 'Chen Guohua', { birthYear: 1985 }), email: email.toUpperCase() })
      .expect(201);
    expect(asked.body).toMatchObject({ state: 'unconfirmed', email });
    expect(Object.keys(asked.body)).not.toContain('token');
    const stored = await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect(stored).toMatchObject({ state: 'unconfirmed', email, confirmedAt: null, submittedById: null, source: 'self' });
    expect(stored.confirmHash).toMatch(/^[0-9a-f]{64}$/);
    // Unconfirmed: nobody's to decide — not in the organizer's queue, no place held.
    expect((await http().get(`/api/events/${eventId}/entry-requests`).set('Authorization', organizer.auth).expect(200)).body).toEqual([]);
    expect((await http().get(`/api/events/${eventId}/places`).expect(200)).body).toMatchObject({ active: 0, waiting: 0 });

    const [mail] = await mailsTo(email, 1);
    expect(mail.subject).toBe('公開賽：請確認您的報名'); // Traditional: the page's language when asking
    const link = linkIn(mail.text ?? '');
    expect(link).not.toBeNull();
    const path = link![1];
    const token = path.split('/').pop()!.split('?')[0];
    expect(confirmHashOf(token)).toBe(stored.confirmHash); // only the hash is stored
    expect(JSON.stringify(await prisma().entryRequest.findUniqueOrThrow({ where: { id: stored.id } }))).not.toContain(token);

    // The link followed twice at once, through two server instances: one confirmation.
    const [a, b] = await Promise.all([request(one.getHttpServer()).get(path).expect(200), request(two.getHttpServer()).get(path).expect(200)]);
    const texts = [a.text, b.text];
    expect(texts.filter((x) => x.includes('這份報名已經確認過了')).length + texts.filter((x) => x.includes('報名已確認，等待組委會審核')).length).toBe(2);
    expect(texts.filter((x) => x.includes('報名已確認，等待組委會審核'))).toHaveLength(1);
    const confirmed = await prisma().entryRequest.findUniqueOrThrow({ where: { id: stored.id } });
    expect(confirmed).toMatchObject({ state: 'submitted', version: 2 });
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    // A third follow, through the API: confirmed before, nothing changes.
    expect((await http().post('/api/entry-requests/confirm').send({ token }).expect(200)).body).toMatchObject({ state: 'submitted', confirmedBefore: true });
    const audit = await prisma().auditLog.findMany({ where: { entityId: stored.id } });
    expect(audit.filter((r) => r.reason === 'e-mail confirmed')).toHaveLength(1);
    // The confirmation's audit row: the state and version before, and after them the time confirmed.
    expect(audit.find((r) => r.reason === 'e-mail confirmed')).toMatchObject({
      action: 'update',
      userId: null,
      before: { state: 'unconfirmed', version: 1 },
      after: { state: 'submitted', version: 2, confirmedAt: confirmed.confirmedAt!.toISOString() },
    });
    // The request's audit row, written in the same statement as the request: the address and the link's hash hidden.
    expect(audit.find((r) => r.action === 'create')).toMatchObject({
      userId: null,
      reason: 'asked without an account: waits for its e-mail link',
      after: { id: stored.id, state: 'unconfirmed', email: '(hidden)', confirmHash: '(hidden)', submittedById: null },
    });

    // Now in the queue; the organizer refuses with a reason → the decision mail, in Traditional Chinese.
    const queue = (await http().get(`/api/events/${eventId}/entry-requests`).set('Authorization', organizer.auth).expect(200)).body;
    expect(queue.map((r: { id: string }) => r.id)).toEqual([stored.id]);
    await http().post(`/api/entry-requests/${stored.id}/refuse`).set('Authorization', organizer.auth).send({ version: 2, reason: '等级分不足' }).expect(200);
    // A retried decision request cannot queue the mail twice (dedupeKey: the request's id and version).
    const got = await mailsTo(email, 2);
    const decision = got.find((m) => m.subject?.includes('未獲錄取'))!;
    expect(decision.subject).toBe('公開賽：陳國華 未獲錄取');
    expect(decision.text).toContain('理由：等級分不足');
    expect(await prisma().mail.count({ where: { to: email, kind: 'entry_decision' } })).toBe(1);
    // The address is never shown publicly.
    const pub = await http().get(`/events/${eventId}`);
    expect(pub.text).not.toContain(email);
    expect(JSON.stringify((await http().get(`/api/events/${eventId}/entries`)).body)).not.toContain(email);
    void t;
  });

  it('eligibility is refused at once in the person’s language and nothing is stored or mailed; unknown and expired links refused', async () => {
    const { eventId } = await openEvent({ minBirthYear: 1960 }, { nameZh: '女子组', nameEn: "Women's", category: 'women' });
    const before = await prisma().mail.count();
    const man = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=zh`)
      .send({ player: person('王强', 'Wang Qiang'), email: `man-${Date.now()}@test.chuhe` })
      .expect(400);
    expect(man.body).toMatchObject({ code: 'entry.gender', field: 'player.gender' });
    // The page shows the same refusal in the page's language (zh here), beside the field.
    const page = await http()
      .post(`/events/${eventId}/enter-by-mail?lang=zh`)
      .type('form')
      .send({ nameZh: '王强', nameEn: 'Wang Qiang', gender: 'male', birthYear: '1990', requestEmail: 'x@test.chuhe' })
      .expect(400);
    expect(page.text).toContain('女子组仅限女子参加（二章1节）');
    const old = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail`)
      .set('Accept-Language', 'en')
      .send({ player: person('李', 'Li', { gender: 'female', birthYear: 1950 }), email: 'old@test.chuhe' })
      .expect(400);
    expect(old.body.code).toBe('entry.birth_year');
    const noMail = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail`)
      .send({ player: person('李', 'Li', { gender: 'female' }) })
      .expect(400);
    expect(noMail.body.errors.map((e: { field: string }) => e.field)).toContain('email');
    expect(await prisma().entryRequest.count({ where: { eventId } })).toBe(0);
    expect(await prisma().mail.count()).toBe(before);

    // Unknown link: 404 page; an expired one (older than 48 h by the database clock): 410 and no change.
    expect((await http().get('/entry-requests/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?lang=en').expect(404)).text).toContain(
      'this confirmation link is unknown',
    );
    const email = `late-${Date.now()}@test.chuhe`;
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=en`)
      .send({ player: person('周', 'Zhou', { gender: 'female', birthYear: 1990 }), email })
      .expect(201);
    const [mail] = await mailsTo(email, 1);
    expect(mail.subject).toBe("Women's: please confirm your entry");
    const path = linkIn(mail.text ?? '')![1];
    await prisma().entryRequest.update({ where: { id: asked.body.id }, data: { createdAt: new Date(Date.now() - (CONFIRM_HOURS + 1) * 3600_000) } });
    const expired = await http().get(path).expect(410);
    expect(expired.text).toContain('valid for 48 hours');
    expect((await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } })).state).toBe('unconfirmed');
    // The next request to enter the event clears it away.
    await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=en`)
      .send({ player: person('吴', 'Wu', { gender: 'female', birthYear: 1991 }), email: `wu-${Date.now()}@test.chuhe` })
      .expect(201);
    expect(await prisma().entryRequest.count({ where: { id: asked.body.id } })).toBe(0);
  });

  it('unconfirmed requests never count: the same person may still enter, and a full field sends the confirmed request to the waiting list', async () => {
    const { organizer, eventId } = await openEvent({ maxEntries: 2 });
    const email = `twice-${Date.now()}@test.chuhe`;
    const first = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=en`)
      .send({ player: person('林', 'Lin'), email })
      .expect(201);
    // The same person with an account enters meanwhile (the unconfirmed request is no clash) and is approved.
    const account = await newUser(one, 'lin');
    const direct = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', account.auth)
      .send({ player: person('林', 'Lin') })
      .expect(201);
    // Another person, unconfirmed, does not hold a place either: a third person takes the last one.
    const other = `other-${Date.now()}@test.chuhe`;
    const second = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=en`)
      .send({ player: person('郭', 'Guo'), email: other })
      .expect(201);
    const third = await newUser(one, 'he');
    const last = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', third.auth)
      .send({ player: person('何', 'He') })
      .expect(201);
    await http().post(`/api/entry-requests/${direct.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 1 }).expect(200);
    await http().post(`/api/entry-requests/${last.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 1 }).expect(200);
    // Confirming the first now: the same person is entered already — refused, and the request stays unconfirmed.
    const [m1] = await mailsTo(email, 1);
    const dup = await http()
      .get(linkIn(m1.text ?? '')![1])
      .expect(409);
    expect(dup.text).toContain('Lin has already entered');
    expect((await prisma().entryRequest.findUniqueOrThrow({ where: { id: first.body.id } })).state).toBe('unconfirmed');
    // Confirming the other: the field is full, so the waiting list.
    const [m2] = await mailsTo(other, 1);
    const waiting = await http()
      .get(linkIn(m2.text ?? '')![1])
      .expect(200);
    expect(waiting.text).toContain('the field is full, so you are on the waiting list');
    expect((await prisma().entryRequest.findUniqueOrThrow({ where: { id: second.body.id } })).state).toBe('waiting');
  });

  it('the holder of the mailed link changes the request until the window closes: once confirmed, re-checked, of two changes at once one 409', async () => {
    const { t, organizer, eventId, regsVersion } = await openEvent({ minBirthYear: 1950 }, { nameZh: '快棋赛', nameEn: 'Rapid' });
    const email = `edit-${Date.now()}@test.chuhe`;
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests/by-mail?lang=en`)
      .send({ player: person('宋', 'Song', { birthYear: 1980 }), email })
      .expect(201);
    const [mail] = await mailsTo(email, 1);
    const editPath = /https:\/\/chess\.example\.org(\/entry-requests\/by-link\/([A-Za-z0-9_-]+)\/edit)\?lang=en/.exec(mail.text ?? '');
    expect(editPath).not.toBeNull();
    const [, path, token] = editPath!;
    expect(linkIn(mail.text ?? '')![1]).toContain(token); // one capability, mailed once: the confirmation's token
    // Not yet confirmed: nothing to change yet (409, a clear page).
    expect((await http().get(`/api/entry-requests/by-link/${token}`).expect(409)).body.code).toBe('entry.not_editable');
    expect((await http().get(`${path}?lang=en`).expect(409)).text).toContain('The entry cannot be changed');
    const confirmed = await http()
      .get(linkIn(mail.text ?? '')![1])
      .expect(200);
    expect(confirmed.text).toContain(`href="${path}?lang&#x3D;en"`); // the confirmation page offers the change
    const now = (await http().get(`/api/entry-requests/by-link/${token}`).expect(200)).body;
    expect(now).toMatchObject({ id: asked.body.id, state: 'submitted', version: 2 });
    // Unknown tokens: 404; no account, no session needed for the real one.
    await http()
      .get(`/api/entry-requests/by-link/${'x'.repeat(32)}`)
      .expect(404);
    await http().get('/entry-requests/by-link/short/edit').expect(404);

    const patch = (app: INestApplication, version: number, p: Record<string, unknown>, lang = 'en') =>
      request(app.getHttpServer()).patch(`/api/entry-requests/by-link/${token}?lang=${lang}`).send({ version, player: p });
    // Everything is checked again, in the asker's language: outside the birth-year bound.
    const old = await patch(one, 2, person('宋', 'Song', { birthYear: 1940 }), 'zh').expect(400);
    expect(old.body).toMatchObject({ code: 'entry.birth_year', field: 'player.birthYear' });
    // Two changes at once, on two server instances: one saved, the other 409 edit.stale.
    const [a, b] = await Promise.all([patch(one, 2, person('宋', 'Song', { rating: 1700 })), patch(two, 2, person('宋', 'Song', { rating: 1800 }))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.code).toBe('edit.stale');
    const saved = await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect(saved.version).toBe(3);
    expect([1700, 1800]).toContain((saved.details as { members: { rating: number; email: string }[] }).members[0].rating);
    expect((saved.details as { members: { email: string }[] }).members[0].email).toBe(email); // the asked address stays the player's
    const audit = await prisma().auditLog.findMany({ where: { entityId: asked.body.id, reason: 'changed by its submitter through the mailed link' } });
    expect(audit).toHaveLength(1);
    expect(audit[0].userId).toBeNull();

    // The page: the form shows the request, a save redirects back with the change kept.
    const page = await http().get(`${path}?lang=en`).expect(200);
    expect(page.text).toContain('Edit the entry: Song');
    expect(page.text).toContain(`action="${path}"`);
    const once = /name="_once" value="([^"]+)"/.exec(page.text)![1];
    const saveForm = { _once: once, version: '3', nameZh: '宋', nameEn: 'Song Li', gender: 'male', birthYear: '1981' };
    const posted = await http().post(`${path}?lang=en`).type('form').send(saveForm).expect(303);
    expect(posted.headers.location).toBe(`${path}?lang=en`);
    expect(detailsName(await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } }))).toBe('Song Li');
    // The page's stale save: 409 with the form kept.
    const stale = await http()
      .post(`${path}?lang=en`)
      .type('form')
      .send({ ...withoutKey(saveForm), nameEn: 'Song Er' })
      .expect(409);
    expect(stale.text).toContain('Song Er');

    // After the window closes, no more changes (the database's clock); nor after the organizer's decision.
    await http()
      .put(`/api/tournaments/${t}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: regsVersion, registrationClosesAt: new Date(Date.now() - 1000).toISOString() })
      .expect(200);
    expect((await patch(one, 4, person('宋', 'Song Li', { birthYear: 1981 })).expect(409)).body.code).toBe('entry.window_closed');
    await http().post(`/api/entry-requests/${asked.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 4 }).expect(200);
    expect((await patch(one, 5, person('宋', 'Song Li', { birthYear: 1981 })).expect(409)).body.code).toBe('entry.not_editable');
  });

  it('an invitation in the language chosen for the invitee (staff and delegate forms): the mail at the SMTP server and the page it opens', async () => {
    const organizer = await newUser(one, 'org-lang');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    // The staff form offers the language, the page's own chosen by default.
    const staffPage = await http().get(`/tournaments/${t}/manage/staff?lang=en`).set('Authorization', organizer.auth).expect(200);
    expect(staffPage.text).toMatch(/<select[^>]*name="language"/);
    expect(staffPage.text).toMatch(/<option value="en" selected>English<\/option>/);
    // An English page invites a steward in Traditional Chinese.
    const steward = `lang-steward-${Date.now()}@test.chuhe`;
    await http()
      .post(`/tournaments/${t}/manage/staff?lang=en`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ email: steward, role: 'steward', language: 'zh-Hant' })
      .expect(303);
    const [mail] = await mailsTo(steward, 1);
    expect(mail.subject).toBe('測試賽：工作邀請');
    expect(mail.text).toContain('您受邀擔任 測試賽 的 檢錄員');
    const link = /https:\/\/chess\.example\.org\/invitations\/([A-Za-z0-9_-]+)\?lang=zh-Hant/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const invitation = await prisma().tournamentInvitation.findFirstOrThrow({ where: { email: steward } });
    expect(invitation.language).toBe('zh-Hant');
    // The link without its ?lang= (as the staff page shows it again) opens in the invitee's language too.
    const bare = await http().get(`/invitations/${link![1]}`).expect(303);
    expect(bare.headers.location).toBe(`/invitations/${link![1]}?lang=zh-Hant`);
    const landing = await http().get(bare.headers.location).expect(200);
    expect(landing.text).toContain('<html lang="zh-Hant">');
    expect(landing.text).toContain('邀請您在“测试赛”擔任：檢錄員'); // names are shown as stored (Simplified here)
    // A visitor's own choice of language wins.
    expect((await http().get(`/invitations/${link![1]}?lang=en`).expect(200)).text).toContain('You are invited to “Test tournament” as: Steward');

    // A delegate invited from a Chinese units page, in English.
    const unit = (
      await http().post(`/api/tournaments/${t}/affiliations`).set('Authorization', organizer.auth).send({ nameZh: '文莱', nameEn: 'Brunei' }).expect(201)
    ).body.id as string;
    const unitsPage = await http().get(`/tournaments/${t}/manage/units?lang=zh`).set('Authorization', organizer.auth).expect(200);
    expect(unitsPage.text).toMatch(/<option value="zh" selected>简体中文<\/option>/);
    const delegate = `lang-delegate-${Date.now()}@test.chuhe`;
    await http()
      .post(`/tournaments/${t}/manage/units/delegates?lang=zh`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ email: delegate, affiliationId: unit, language: 'en' })
      .expect(303);
    const [delegateMail] = await mailsTo(delegate, 1);
    expect(delegateMail.subject).toBe('Test tournament: you are invited');
    expect(delegateMail.text).toContain('You are invited to Test tournament as Unit delegate');
    const token = /\/invitations\/([A-Za-z0-9_-]+)\?lang=en/.exec(delegateMail.text ?? '')![1];
    expect((await http().get(`/invitations/${token}`).expect(303)).headers.location).toBe(`/invitations/${token}?lang=en`);
    // A language the site does not have: refused beside the field, nothing invited, nothing mailed.
    const bad = await http()
      .post(`/tournaments/${t}/manage/units/delegates?lang=en`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ email: `bad-${Date.now()}@test.chuhe`, affiliationId: unit, language: 'fr' })
      .expect(400);
    expect(bad.text).toContain('id="f-language-error"');
    expect(await prisma().tournamentInvitation.count({ where: { tournamentId: t } })).toBe(2);
  });

  it('the enter page offers the account-free form when a mail server is configured, and answers "check your mail"', async () => {
    const { eventId } = await openEvent({});
    const page = await http().get(`/events/${eventId}/enter?lang=en`).expect(200);
    expect(page.text).toContain('Enter without an account, by e-mail');
    const email = `page-${Date.now()}@test.chuhe`;
    const posted = await http()
      .post(`/events/${eventId}/enter-by-mail?lang=en`)
      .type('form')
      .send({ nameZh: '马', nameEn: 'Ma', gender: 'female', birthYear: '1999', requestEmail: email })
      .expect(303);
    expect(posted.headers.location).toBe(`/events/${eventId}/enter`);
    const after = await http().get(`/events/${eventId}/enter?lang=en`).set('Cookie', posted.headers['set-cookie']).expect(200);
    expect(after.text).toContain(`Check your mail at ${email}`);
    // A form posted from another site is refused (no session, so no CSRF token: the browser's Sec-Fetch-Site decides).
    await http()
      .post(`/events/${eventId}/enter-by-mail`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ nameZh: '马', nameEn: 'Ma', gender: 'female', requestEmail: 'x@test.chuhe' })
      .expect(403);
  });
});
