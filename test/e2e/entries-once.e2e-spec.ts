// Issue 34 #7 on the creating forms of issues 31 and 32: a person's entry request, the account-free
// request, a delegate's entry, a unit's delegate invitation, a fee marked paid, a credential
// reprinted. Each form carries a one-time key; the same post twice at once — on two server
// instances — creates once, and the second is answered with the first one's answer.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../apps/server/src/create-app';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { testDatabaseUrl } from '../support/database';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { newDelegate, newUnit, openRegistration, person, User } from './entries-helpers';
import { startTestSmtp, TestSmtp } from './venue-smtp';

/** A hidden field's value on a page (the first form that has it, or the one after `after`). */
function field(html: string, name: string, after = ''): string {
  const from = after ? html.indexOf(after) : 0;
  if (from < 0) throw new Error(`no ${after} on the page`);
  const m = new RegExp(`name="${name}" value="([^"]+)"`).exec(html.slice(from));
  if (!m) throw new Error(`no ${name} field on the page`);
  return m[1];
}

describe('one-time keys on the entries and venue forms (issue 34 #7, issues 31/32)', () => {
  let smtp: TestSmtp;
  let app: INestApplication;
  let second: INestApplication;
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS };
  const http = (a: INestApplication = app) => request(a.getHttpServer());
  const prisma = () => app.get(PrismaService);
  let organizer: User;
  let t: string;
  let eventId: string;
  let unit: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0';
    app = await startTestApp();
    second = await createApp(testDatabaseUrl(), { logger: false, tournamentCreators: 'anyone', directRoleGrants: true });
    await second.init();
    organizer = await newUser(app, 'once-org');
    t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id;
    const ev = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(SWISS_EVENT).expect(201)).body;
    eventId = ev.id;
    await http()
      .put(`/api/events/${eventId}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: ev.version, selfRegistration: true, feePerPlayer: 2000 })
      .expect(200);
    await openRegistration(app, organizer.auth, t);
    unit = await newUnit(app, organizer.auth, t, '新加坡', 'Singapore');
    await http().put(`/api/events/${eventId}/quotas/${unit}`).set('Authorization', organizer.auth).send({ quota: 5 }).expect(200);
  });
  afterAll(async () => {
    await second.close();
    await app.close();
    await smtp.close();
    for (const [k, v] of [
      ['CHUHE_SMTP_URL', saved.url],
      ['CHUHE_MAIL_POLL_MS', saved.poll],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  /** The same form posted twice at once, one through each instance: both answered alike, one a replay. */
  async function twice(url: string, auth: string | undefined, form: Record<string, string>) {
    const post = (a: INestApplication) => {
      const r = http(a).post(url).type('form');
      return auth ? r.set('Authorization', auth).send(form) : r.send(form);
    };
    const answers = await Promise.all([post(app), post(second)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers[0].headers.location).toBe(answers[1].headers.location);
    expect(answers.filter((a) => a.headers['idempotent-replay'] === 'true')).toHaveLength(1);
    return answers;
  }

  it('a person’s entry request and an account-free one: each form posted twice at once makes one request', async () => {
    const me = await newUser(app, 'once-self');
    const page = await http().get(`/events/${eventId}/enter?lang=en`).set('Authorization', me.auth).expect(200);
    await twice(`/events/${eventId}/enter?lang=en`, me.auth, {
      _once: field(page.text, '_once', `action="/events/${eventId}/enter"`),
      nameZh: '周',
      nameEn: 'Zhou',
      gender: 'male',
      birthYear: '1990',
    });
    expect(await prisma().entryRequest.count({ where: { eventId, submittedById: me.id } })).toBe(1);

    // Without an account: no session, the key alone (the anonymous scope); one request, one mail.
    const anonymous = await http().get(`/events/${eventId}/enter?lang=en`).expect(200);
    const email = `once-mail-${Date.now()}@test.chuhe`;
    await twice(`/events/${eventId}/enter-by-mail?lang=en`, undefined, {
      _once: field(anonymous.text, '_once', `action="/events/${eventId}/enter-by-mail"`),
      nameZh: '吴',
      nameEn: 'Wu',
      gender: 'female',
      birthYear: '1995',
      requestEmail: email,
    });
    expect(await prisma().entryRequest.count({ where: { eventId, email } })).toBe(1);
    expect(await prisma().mail.count({ where: { to: email } })).toBe(1);
  });

  it('a delegate’s entry and a delegate’s invitation: one each', async () => {
    const delegate = await newDelegate(app, organizer.auth, t, unit, 'once-delegate');
    const page = await http().get(`/tournaments/${t}/unit?lang=en`).set('Authorization', delegate.auth).expect(200);
    await twice(`/events/${eventId}/unit-entries?lang=en`, delegate.auth, {
      _once: field(page.text, '_once', `action="/events/${eventId}/unit-entries"`),
      nameZh: '郑',
      nameEn: 'Zheng',
      gender: 'male',
      birthYear: '1988',
    });
    expect(await prisma().entryRequest.count({ where: { eventId, affiliationId: unit, source: 'delegate' } })).toBe(1);

    const units = await http().get(`/tournaments/${t}/manage/units?lang=en`).set('Authorization', organizer.auth).expect(200);
    const email = `once-inv-${Date.now()}@test.chuhe`;
    await twice(`/tournaments/${t}/manage/units/delegates?lang=en`, organizer.auth, {
      _once: field(units.text, '_once', `action="/tournaments/${t}/manage/units/delegates"`),
      email,
      affiliationId: unit,
      language: 'en',
    });
    expect(await prisma().tournamentInvitation.count({ where: { tournamentId: t, email } })).toBe(1);
    expect(await prisma().mail.count({ where: { to: email } })).toBe(1);
  });

  it('a fee marked paid and a credential reprinted: one receipt number, one new credential', async () => {
    const player = await newUser(app, 'once-fee');
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', player.auth)
      .send({ player: person('冯', 'Feng') })
      .expect(201);
    await http().post(`/api/entry-requests/${asked.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 1 }).expect(200);
    const fee = await prisma().fee.findFirstOrThrow({ where: { entryRequestId: asked.body.id } });
    const fees = await http().get(`/tournaments/${t}/manage/fees?lang=en`).set('Authorization', organizer.auth).expect(200);
    await twice(`/manage/fees/${fee.id}/mark?lang=en`, organizer.auth, {
      _once: field(fees.text, '_once', `action="/manage/fees/${fee.id}/mark"`),
      version: String(fee.version),
      method: 'cash',
    });
    const marked = await prisma().fee.findUniqueOrThrow({ where: { id: fee.id } });
    expect(marked).toMatchObject({ state: 'paid', method: 'cash', version: fee.version + 1 });
    expect(marked.receiptNumber).not.toBeNull();
    expect(await prisma().auditLog.count({ where: { entityId: fee.id, action: 'update' } })).toBe(1); // marked once

    const issued = (await http().post(`/api/events/${eventId}/credentials`).set('Authorization', organizer.auth).expect(201)).body.credentials as {
      credentialId: string;
      kind: string;
    }[];
    const credentialId = issued.find((c) => c.kind === 'player')!.credentialId;
    const ask = await http().get(`/events/${eventId}/print/credentials/${credentialId}/reprint?lang=en`).set('Authorization', organizer.auth).expect(200);
    const [a] = await twice(`/events/${eventId}/print/credentials/${credentialId}/reprint?lang=en`, organizer.auth, {
      _once: field(ask.text, '_once', 'id="confirm-form"'),
    });
    const rows = await prisma().credential.findMany({ where: { tournamentId: t, playerId: { not: null } }, orderBy: { createdAt: 'asc' } });
    expect(rows).toHaveLength(2); // the old one, revoked, and one reprint
    expect(rows[0]).toMatchObject({ id: credentialId });
    expect(rows[0].revokedAt).not.toBeNull();
    expect(a.headers.location).toContain(`only=${rows[1].id}`);
  });
});
