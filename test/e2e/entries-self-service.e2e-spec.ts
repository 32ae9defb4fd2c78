// Issue 31 #2–#3 and issue 32 #2, #5: a request changed by its submitter (409 on concurrent
// changes), a ban refused at request time, units invited from a CSV, the invitation mail in the
// invitee's language, a player's My tournaments, and the secrecy diff of personal links.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { newUser, startTestApp, SWISS_EVENT, TOURNAMENT } from './http-helpers';
import { newDelegate, newUnit, openRegistration, person, User } from './entries-helpers';
import { drawnEvent, pairAndPublish } from './scenario';

describe('requests changed by their submitter, bans, units CSV, invitation mails, My tournaments, personal links', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const prisma = () => app.get(PrismaService);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function openTournament(rules: Record<string, unknown> = {}) {
    const organizer = await newUser(app, 'org');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const ev = (
      await http()
        .post(`/api/tournaments/${t}/events`)
        .set('Authorization', organizer.auth)
        .send({ ...SWISS_EVENT, nameZh: '公开赛', nameEn: 'Open' })
        .expect(201)
    ).body;
    await http()
      .put(`/api/events/${ev.id}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: ev.version, selfRegistration: true, ...rules })
      .expect(200);
    const regs = await openRegistration(app, organizer.auth, t);
    return { t, organizer, eventId: ev.id as string, regs };
  }

  it('the submitter changes a request until the window closes; two changes at once: one saved, the other 409; nobody else may', async () => {
    const { t, organizer, eventId, regs } = await openTournament({ minBirthYear: 1950 });
    const me = await newUser(app, 'self');
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', me.auth)
      .send({ player: person('张伟', 'Zhang Wei') })
      .expect(201);
    const edit = (who: User, version: number, player: Record<string, unknown>) =>
      http().patch(`/api/entry-requests/${asked.body.id}`).set('Authorization', who.auth).send({ version, player });
    // Eligibility is checked again on a change.
    expect((await edit(me, 1, person('张伟', 'Zhang Wei', { birthYear: 1940 })).expect(400)).body.code).toBe('entry.birth_year');
    // Two changes based on version 1 at once: exactly one is saved.
    const [a, b] = await Promise.all([edit(me, 1, person('张伟', 'Zhang Wei', { rating: 1800 })), edit(me, 1, person('张伟', 'Zhang Wei', { rating: 1900 }))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toMatchObject({ code: 'edit.stale', params: { currentVersion: 2 } });
    const saved = await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect(saved.version).toBe(2);
    expect((saved.details as { members: { rating: number }[] }).members[0].rating).toBe((a.status === 200 ? a : b).body.details.members[0].rating);
    // Someone else, even the organizer, cannot change it (the organizer decides instead).
    const stranger = await newUser(app, 'stranger');
    expect((await edit(stranger, 2, person('张伟', 'Zhang Wei')).expect(403)).body.code).toBe('auth.other_unit');
    await edit(organizer, 2, person('张伟', 'Zhang Wei')).expect(403);
    await http().get(`/entry-requests/${asked.body.id}/edit`).set('Authorization', stranger.auth).expect(403);
    // The edit page: the form filled with what was entered; saving through it.
    const page = await http().get(`/entry-requests/${asked.body.id}/edit?lang=en`).set('Authorization', me.auth).expect(200);
    expect(page.text).toContain('value="Zhang Wei"');
    const posted = await http()
      .post(`/entry-requests/${asked.body.id}/edit?lang=en`)
      .set('Authorization', me.auth)
      .type('form')
      .send({ version: '2', nameZh: '张伟', nameEn: 'Zhang Wei', gender: 'male', birthYear: '1991' })
      .expect(303);
    expect(posted.headers.location).toBe(`/events/${eventId}/enter`);
    expect((await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } })).version).toBe(3);
    // A delegate changes their unit's request; not another unit's.
    const unit = await newUnit(app, organizer.auth, t, '新加坡', 'Singapore');
    const other = await newUnit(app, organizer.auth, t, '泰国', 'Thailand');
    await http().put(`/api/events/${eventId}/quotas/${unit}`).set('Authorization', organizer.auth).send({ quota: 2 }).expect(200);
    const delegate = await newDelegate(app, organizer.auth, t, unit);
    const otherDelegate = await newDelegate(app, organizer.auth, t, other);
    const entered = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', delegate.auth)
      .send({ player: person('陈', 'Chen') })
      .expect(201);
    await http()
      .patch(`/api/entry-requests/${entered.body.id}`)
      .set('Authorization', otherDelegate.auth)
      .send({ version: 1, player: person('陈', 'Chen') })
      .expect(403);
    const changed = await http()
      .patch(`/api/entry-requests/${entered.body.id}`)
      .set('Authorization', delegate.auth)
      .send({ version: 1, player: person('陈', 'Chen', { birthYear: 1995 }) })
      .expect(200);
    expect(changed.body).toMatchObject({ version: 2, affiliationId: unit });
    // After a decision, no change.
    await http().post(`/api/entry-requests/${entered.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 2 }).expect(200);
    expect(
      (
        await http()
          .patch(`/api/entry-requests/${entered.body.id}`)
          .set('Authorization', delegate.auth)
          .send({ version: 3, player: person('陈', 'Chen') })
          .expect(409)
      ).body.code,
    ).toBe('entry.not_editable');
    // The window closes (the database's clock): no more changes.
    await http()
      .put(`/api/tournaments/${t}/regulations`)
      .set('Authorization', organizer.auth)
      .send({ version: regs.version, registrationClosesAt: new Date(Date.now() - 1000).toISOString() })
      .expect(200);
    expect((await edit(me, 3, person('张伟', 'Zhang Wei')).expect(409)).body.code).toBe('entry.window_closed');
  });

  it('a banned person is refused when the request is made (二章8节3): a delegate’s existing player and a person entering with their account', async () => {
    const { t, organizer, eventId } = await openTournament();
    const unit = await newUnit(app, organizer.auth, t, '澳门', 'Macau');
    await http().put(`/api/events/${eventId}/quotas/${unit}`).set('Authorization', organizer.auth).send({ quota: 3 }).expect(200);
    const player = (
      await http()
        .post(`/api/tournaments/${t}/players`)
        .set('Authorization', organizer.auth)
        .send({ nameZh: `禁赛者${Date.now()}`, nameEn: 'Banned', gender: 'male', affiliationId: unit })
        .expect(201)
    ).body;
    const today = new Date().toISOString().slice(0, 10);
    await http()
      .post(`/api/players/${player.id}/bans`)
      .set('Authorization', organizer.auth)
      .send({ startsOn: today, endsOn: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, decision: '停赛一年' })
      .expect(201);
    const delegate = await newDelegate(app, organizer.auth, t, unit);
    const refused = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', delegate.auth)
      .send({ player: { playerId: player.id } })
      .expect(409);
    const until = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect(refused.body).toMatchObject({ code: 'entry.banned', field: 'player.playerId', params: { name: player.nameZh, until } });
    // The account of the banned person (User.personId) entering themselves.
    const personId = (await prisma().player.findUniqueOrThrow({ where: { id: player.id } })).personId!;
    expect(personId).toBeTruthy();
    const self = await newUser(app, 'banned');
    await prisma().user.update({ where: { id: self.id }, data: { personId } });
    const own = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', self.auth)
      .send({ player: person('某', 'Someone') })
      .expect(409);
    expect(own.body).toMatchObject({ code: 'entry.banned', field: 'player', params: { name: player.nameZh, until } });
    // An account whose person was merged into the banned one (its ban followed to the survivor).
    const merged = await prisma().person.create({ data: { nameZh: '并入者', nameEn: 'Merged', gender: 'male', mergedIntoId: personId } });
    const other = await newUser(app, 'merged');
    await prisma().user.update({ where: { id: other.id }, data: { personId: merged.id } });
    const followed = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', other.auth)
      .send({ player: person('另', 'Another') })
      .expect(409);
    expect(followed.body).toMatchObject({ code: 'entry.banned', field: 'player', params: { name: player.nameZh, until } });
    // Nothing half-written.
    expect(await prisma().entryRequest.count({ where: { eventId } })).toBe(0);
  });

  it('units invited from a CSV with quotas: all or nothing, each bad line named; the page form in the page’s language', async () => {
    const { t, organizer, eventId } = await openTournament();
    const bad = await http()
      .post(`/api/tournaments/${t}/units/import`)
      .set('Authorization', organizer.auth)
      .send({ eventId, csv: '中文名,英文名,名额\n新加坡,Singapore,2\n日本,,1\n' })
      .expect(400);
    expect(bad.body.errors).toEqual([{ field: 'csv', code: 'csv.line', reason: 'csv: line 3: the English name is missing' }]);
    expect(await prisma().affiliation.count({ where: { tournamentId: t } })).toBe(0);
    await newUnit(app, organizer.auth, t, '新加坡', 'Singapore');
    const ok = await http()
      .post(`/api/tournaments/${t}/units/import`)
      .set('Authorization', organizer.auth)
      .send({ eventId, csv: '新加坡,Singapore,2\n"马来西亚","Malaysia",1\n越南,Vietnam\n' })
      .expect(200);
    expect(ok.body).toMatchObject({ created: 2, quotas: 2 });
    const quotas = (await http().get(`/api/events/${eventId}/quotas`).expect(200)).body as { affiliationId: string; quota: number }[];
    const units = await prisma().affiliation.findMany({ where: { tournamentId: t } });
    const byName = new Map(units.map((u) => [u.nameZh, u.id]));
    expect(units).toHaveLength(3);
    expect(Object.fromEntries(quotas.map((q) => [units.find((u) => u.id === q.affiliationId)!.nameZh, q.quota]))).toEqual({ 新加坡: 2, 马来西亚: 1 });
    expect(byName.get('越南')).toBeTruthy();
    // A quota without its event is refused.
    await http().post(`/api/tournaments/${t}/units/import`).set('Authorization', organizer.auth).send({ csv: '老挝,Laos,1' }).expect(400);
    // The page: the refused CSV comes back with the line's reason; a good one redirects.
    const page = await http()
      .post(`/tournaments/${t}/manage/units/import?lang=en`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ eventId, csv: '老挝,Laos,many' })
      .expect(400);
    expect(page.text).toContain('line 1: the quota must be a whole number from 0 to 99');
    // …and in Chinese on a Chinese page (issue 30 #5): the line's reason from its code, no English.
    const zhPage = await http()
      .post(`/tournaments/${t}/manage/units/import?lang=zh`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ eventId, csv: '老挝,Laos,many' })
      .expect(400);
    expect(zhPage.text).toContain('CSV 第 1 行：名额须为 0 至 99 的整数，而不是「many」');
    expect(zhPage.text).not.toContain('the quota must be');
    await http()
      .post(`/tournaments/${t}/manage/units/import?lang=en`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ eventId, csv: '老挝,Laos,1' })
      .expect(303);
    expect(await prisma().affiliation.count({ where: { tournamentId: t } })).toBe(4);
    // Delegates and strangers may not.
    const stranger = await newUser(app, 'x');
    await http().post(`/api/tournaments/${t}/units/import`).set('Authorization', stranger.auth).send({ csv: 'a,b' }).expect(403);
  });

  it('an invitation is mailed once, in the language chosen for the invitee (the inviting page’s by default)', async () => {
    const { t, organizer } = await openTournament();
    const email = `inv-${Date.now()}@test.chuhe`;
    const inv = await http()
      .post(`/api/tournaments/${t}/invitations`)
      .set('Authorization', organizer.auth)
      .send({ email, role: 'arbiter', language: 'zh-Hant' })
      .expect(201);
    const [mail] = await prisma().mail.findMany({ where: { to: email } });
    expect(mail).toMatchObject({ kind: 'invitation', dedupeKey: `invitation:${inv.body.id}`, subject: '測試賽：工作邀請' });
    expect(mail.text).toContain('您受邀擔任 測試賽 的 裁判員');
    expect(mail.text).toContain(`/invitations/${inv.body.token}?lang=zh-Hant`);
    // The staff page invites in its own language; a delegate's invitation too.
    const staffMail = `staff-${Date.now()}@test.chuhe`;
    await http()
      .post(`/tournaments/${t}/manage/staff?lang=en`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ email: staffMail, role: 'steward' })
      .expect(303);
    expect((await prisma().mail.findFirstOrThrow({ where: { to: staffMail } })).subject).toBe('Test tournament: you are invited');
    const unit = await newUnit(app, organizer.auth, t, '文莱', 'Brunei');
    const delegateMail = `del-${Date.now()}@test.chuhe`;
    await http()
      .post(`/tournaments/${t}/manage/units/delegates?lang=zh`)
      .set('Authorization', organizer.auth)
      .type('form')
      .send({ email: delegateMail, affiliationId: unit })
      .expect(303);
    const delegateMails = await prisma().mail.findMany({ where: { to: delegateMail } });
    expect(delegateMails).toHaveLength(1);
    expect(delegateMails[0].text).toContain('您受邀担任 测试赛 的 单位领队');
  });

  it('My tournaments lists a signed-in player’s entries with their own page; nobody else’s page opens', async () => {
    const { organizer, eventId } = await openTournament();
    const me = await newUser(app, 'player');
    const asked = await http()
      .post(`/api/events/${eventId}/entry-requests`)
      .set('Authorization', me.auth)
      .send({ player: person(`刘${Date.now() % 100000}`, 'Liu') })
      .expect(201);
    let my = await http().get('/my?lang=en').set('Authorization', me.auth).expect(200);
    expect(my.text).toContain('My entry requests');
    expect(my.text).toContain('Submitted');
    await http().post(`/api/entry-requests/${asked.body.id}/approve`).set('Authorization', organizer.auth).send({ version: 1 }).expect(200);
    const approved = await prisma().entryRequest.findUniqueOrThrow({ where: { id: asked.body.id } });
    const playerId = (await prisma().entry.findUniqueOrThrow({ where: { id: approved.entryId! } })).playerId!;
    // Approval linked the account to the player's person (User.personId).
    const user = await prisma().user.findUniqueOrThrow({ where: { id: me.id } });
    expect(user.personId).toBe((await prisma().player.findUniqueOrThrow({ where: { id: playerId } })).personId);
    my = await http().get('/my?lang=en').set('Authorization', me.auth).expect(200);
    expect(my.text).toContain('My entries');
    expect(my.text).toContain(`href="/my/players/${playerId}"`);
    const own = await http().get(`/my/players/${playerId}?lang=en`).set('Authorization', me.auth).expect(200);
    expect(own.text).toContain('Liu');
    expect(own.headers['cache-control']).toContain('no-store');
    const stranger = await newUser(app, 'stranger');
    expect((await http().get(`/my/players/${playerId}?lang=en`).set('Authorization', stranger.auth).expect(403)).text).toContain('this is not your page');
    await http().get(`/my/players/${playerId}`).set('Authorization', organizer.auth).expect(403);
    await http().get(`/my/players/${playerId}`).expect(401);
  });

  it('the secrecy diff: a personal page shows nothing about other players the public pages do not', async () => {
    const play = await drawnEvent(app, { ...SWISS_EVENT, nameZh: '链接保密', nameEn: 'Link secrecy' }, 6);
    await prisma().tournament.update({ where: { id: play.tournamentId }, data: { publishedAt: new Date() } });
    const entries = await prisma().entry.findMany({ where: { eventId: play.eventId }, include: { player: true } });
    // Private data of every player: an address, a birth year, a phone-like note in the email.
    let i = 0;
    for (const e of entries)
      await prisma().player.update({ where: { id: e.playerId! }, data: { email: `secret-${i}-${Date.now()}@private.test`, birthYear: 1971 + i++ } });
    await pairAndPublish(app, play);
    const issued = (await http().post(`/api/events/${play.eventId}/credentials`).set('Authorization', play.organizer.auth).expect(201)).body.credentials as {
      playerId: string | null;
      token: string;
      path: string;
    }[];
    const players = await prisma().player.findMany({ where: { id: { in: entries.map((e) => e.playerId!) } } });
    // What the public sees of the event, every page a visitor reaches.
    const publicPaths = [
      `/events/${play.eventId}`,
      `/events/${play.eventId}/rounds/1`,
      `/events/${play.eventId}/standings`,
      `/events/${play.eventId}/players`,
      `/tournaments/${play.tournamentId}`,
      ...entries.map((e) => `/events/${play.eventId}/entries/${e.id}`),
    ];
    const publicText = (await Promise.all(publicPaths.map((p) => http().get(`${p}?lang=en`)))).map((r) => r.text).join('\n');
    const facts = (p: (typeof players)[number]) => [p.nameZh, p.nameEn, p.email!, String(p.birthYear), p.id];
    for (const holder of issued.filter((c) => c.playerId).slice(0, 3)) {
      const page = (await http().get(`${holder.path}?lang=en`).expect(200)).text;
      const json = JSON.stringify((await http().get(`/api/credentials/${holder.token}`).expect(200)).body);
      for (const other of players.filter((p) => p.id !== holder.playerId)) {
        for (const fact of facts(other)) {
          // Whatever the personal page (or its JSON) says about another player, a visitor could read too.
          if (page.includes(fact) || json.includes(fact)) expect({ fact, public: publicText.includes(fact) }).toEqual({ fact, public: true });
        }
        // Private data never: the address, and the birth year the public pages do not show either.
        expect(page).not.toContain(other.email!);
        expect(json).not.toContain(other.email!);
        // No other holder's personal link.
        for (const c of issued.filter((c) => c.token !== holder.token)) {
          expect(page).not.toContain(c.token);
          expect(json).not.toContain(c.token);
        }
      }
      // The holder's own address is not shown on the page either (a credential may be lost).
      const me = players.find((p) => p.id === holder.playerId)!;
      expect(page).not.toContain(me.email!);
    }
    // The diff can fail: the opponent named on a personal page is on the public pairing.
    const first = issued.find((c) => c.playerId)!;
    const page = (await http().get(`${first.path}?lang=en`).expect(200)).text;
    expect(players.filter((p) => p.id !== first.playerId).some((p) => page.includes(p.nameEn))).toBe(true);
  });
});
