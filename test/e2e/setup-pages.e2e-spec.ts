import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { newUser, startTestApp, TEAM_EVENT, TOURNAMENT } from './http-helpers';

/**
 * The organizer's setup pages over HTTP with the browser's cookie (issue 20 #2–7): 401 → the login
 * page with the way back, 403 as a page, CSRF, refusals beside their field with the values kept,
 * one validation with the API, destructive actions that ask first, the invitation link shown once.
 */
const PASSWORD = 'correct horse battery';

describe('setup pages', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function browserOf(name: string) {
    const user = await newUser(app, name);
    const res = await http().post('/login').type('form').send({ email: user.email, password: PASSWORD, next: '/my' }).expect(303);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('chuhe_session='))!
      .split(';')[0];
    const page = await http().get('/my').set('Cookie', cookie).set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    const get = (url: string) => http().get(url).set('Cookie', cookie).set('Accept', 'text/html');
    const post = (url: string, form: Record<string, string | string[]>) =>
      http()
        .post(url)
        .set('Cookie', cookie)
        .set('Accept', 'text/html')
        .type('form')
        .send({ _csrf: csrf, ...form });
    return { user, cookie, csrf, get, post };
  }

  it('creates a tournament from the form; refusals land beside their field with the values kept; 401 sends to the login page and back', async () => {
    const anonymous = await http().get('/my/new-tournament').set('Accept', 'text/html').expect(303);
    expect(anonymous.headers.location).toBe('/login?next=%2Fmy%2Fnew-tournament');
    const me = await browserOf('org');
    // The DTO's rule (the API's), then the service's: each beside its field.
    const refused = await me
      .post('/my/new-tournament', {
        nameZh: '页面赛',
        nameEn: 'Page Open',
        venue: 'KL',
        startDate: '2026-12-05',
        endDate: '2026-12-01',
        organizer: 'AXF',
        timeZone: 'Mars/Olympus',
      })
      .expect(400);
    expect(refused.text).toMatch(/id="f-timeZone-error">[^<]*IANA/);
    expect(refused.text).toContain('value="Page Open"');
    const dates = await me
      .post('/my/new-tournament', { nameZh: '页面赛', nameEn: 'Page Open', venue: 'KL', startDate: '2026-12-05', endDate: '2026-12-01', organizer: 'AXF' })
      .expect(400);
    // The refusal in the page's language (issue 30: it used to be the API's English).
    expect(dates.text).toMatch(/id="f-endDate-error">[^<]*结束日期不能早于开始日期/);
    const created = await me
      .post('/my/new-tournament', {
        nameZh: '页面赛',
        nameEn: 'Page Open',
        venue: 'KL',
        startDate: '2026-12-01',
        endDate: '2026-12-05',
        organizer: 'AXF',
        timeZone: 'Asia/Kuala_Lumpur',
      })
      .expect(303);
    expect(created.headers.location).toMatch(/^\/tournaments\/[0-9a-f-]{36}\/manage$/);
    const id = created.headers.location.split('/')[2];
    const api = await http().get(`/api/tournaments/${id}`).expect(200);
    expect(api.body).toMatchObject({ nameEn: 'Page Open', timeZone: 'Asia/Kuala_Lumpur', publishedAt: null });
    // Without the CSRF token the cookie's post is refused before anything runs.
    await http().post(`/tournaments/${id}/manage/publish`).set('Cookie', me.cookie).type('form').send({ version: '1', published: 'on' }).expect(403);
    await me.post(`/tournaments/${id}/manage/publish`, { version: '1', published: 'on' }).expect(303);
    expect((await http().get(`/api/tournaments/${id}`).expect(200)).body.publishedAt).not.toBeNull();
    // My tournaments lists it with the organizer's links.
    const my = await me.get('/my').expect(200);
    expect(my.text).toContain(`href="/tournaments/${id}/manage"`);
  });

  it('403 for a stranger and for an arbiter on the organizer\u2019s pages, shown as a page; an unknown id is a 404 page', async () => {
    const org = await browserOf('org2');
    const id = (await org.post('/my/new-tournament', { ...TOURNAMENT }).expect(303)).headers.location.split('/')[2];
    const stranger = await browserOf('stranger');
    const forbidden = await stranger.get(`/tournaments/${id}/manage`).expect(403);
    expect(forbidden.headers['content-type']).toMatch(/html/);
    expect(forbidden.text).toContain('<main');
    await stranger.post(`/tournaments/${id}/manage/players/new`, { nameZh: '甲', nameEn: 'A', gender: 'male' }).expect(403);
    await stranger.get(`/tournaments/00000000-0000-4000-8000-000000000000/manage`).expect(404);
    // An arbiter (invited through the page, accepted through the link) may not register.
    const staff = await org.post(`/tournaments/${id}/manage/staff`, { email: 'arb@test.chuhe', role: 'arbiter' }).expect(303);
    const invited = await org
      .get(staff.headers.location)
      .set('Cookie', [org.cookie, ...([] as string[]).concat(staff.headers['set-cookie'] ?? []).map((c) => c.split(';')[0])].join('; '))
      .expect(200);
    const link = /id="invitation-link"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="invitation-link"/.exec(invited.text);
    const url = new URL((link![1] ?? link![2]).replace(/&#x3D;/g, '='));
    // Shown once: the staff page again shows no link.
    expect((await org.get(`/tournaments/${id}/manage/staff`).expect(200)).text).not.toContain('id="invitation-link"');
    // The bare link opens in the language the organizer chose for the invitee (issue 32 #5).
    const opened = await http().get(url.pathname).set('Accept', 'text/html').expect(303);
    const landingPath: string = opened.headers.location;
    expect(landingPath).toBe(`${url.pathname}?lang=zh`);
    // Anonymous on the landing page: log in or sign up, coming back here.
    const anon = await http().get(landingPath).set('Accept', 'text/html').expect(200);
    expect(anon.text).toContain(`/signup?next&#x3D;${encodeURIComponent(url.pathname)}`); // (= escaped by Handlebars)
    const arbiter = await browserOf('arb');
    const landing = await arbiter.get(landingPath).expect(200);
    expect(landing.text).toContain(`action="${url.pathname}"`);
    await arbiter.post(url.pathname, {}).expect(303);
    await arbiter.get(`/tournaments/${id}/manage/players`).expect(403);
    // The link is used: it says so.
    expect((await http().get(landingPath).set('Accept', 'text/html').expect(200)).text).toContain('class="warning"');
  });

  it('a team event’s draw page speaks of seeded teams, not players (issue 30 #6)', async () => {
    const organizer = await newUser(app, 'draw-words');
    const t = (await http().post('/api/tournaments').set('Authorization', organizer.auth).send(TOURNAMENT).expect(201)).body.id as string;
    const team = (await http().post(`/api/tournaments/${t}/events`).set('Authorization', organizer.auth).send(TEAM_EVENT).expect(201)).body.id as string;
    const page = await http().get(`/manage/events/${team}/draw?lang=zh`).set('Authorization', organizer.auth).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('种子队进入种子位置');
    expect(page.text).not.toContain('种子选手');
  });

  it('players: add (one validation with the API), search in either script, CSV preview writes nothing, import, delete asks first', async () => {
    const org = await browserOf('org3');
    const id = (await org.post('/my/new-tournament', { ...TOURNAMENT }).expect(303)).headers.location.split('/')[2];
    const bad = await org.post(`/tournaments/${id}/manage/players/new`, { nameZh: '甲', nameEn: '', gender: 'x', rating: 'high' }).expect(400);
    expect(bad.text).toMatch(/id="f-nameEn-error"/);
    expect(bad.text).toMatch(/id="f-gender-error"/);
    expect(bad.text).toMatch(/id="f-rating-error"/);
    await org.post(`/tournaments/${id}/manage/players/new`, { nameZh: '赵鑫鑫', nameEn: 'Zhao Xinxin', gender: 'male', rating: '2600' }).expect(303);
    const csv = 'name_zh,name_en,gender,affiliation,rating,title\n许银川,Xu Yinchuan,男,广东,2650,\n唐丹,Tang Dan,女,北京,2500,\n';
    const preview = await http()
      .post(`/tournaments/${id}/manage/players/import`)
      .set('Cookie', org.cookie)
      .set('Accept', 'text/html')
      .field('_csrf', org.csrf)
      .field('step', 'preview')
      .field('csv', '')
      .attach('csvFile', Buffer.from(csv), 'players.csv')
      .expect(200);
    expect(preview.text).toContain('许银川');
    expect(preview.text).toMatch(/广东/);
    expect((await http().get(`/api/tournaments/${id}/players`).expect(200)).body).toHaveLength(1);
    const broken = await http()
      .post(`/tournaments/${id}/manage/players/import`)
      .set('Cookie', org.cookie)
      .set('Accept', 'text/html')
      .field('_csrf', org.csrf)
      .field('step', 'preview')
      .field('csv', 'name_zh,name_en,gender\n甲,A,x\n')
      .expect(200);
    // The zh page names the column and the reason in Chinese (issue 30 #5).
    expect(broken.text).toMatch(/<td class="num">2<\/td><td>性别<\/td><td>只能是 男 或 女<\/td>/);
    expect(broken.text).not.toContain('name="step" value="import"');
    await org.post(`/tournaments/${id}/manage/players/import`, { step: 'import', csv }).expect(303);
    const players = (await http().get(`/api/tournaments/${id}/players`).expect(200)).body as { id: string; nameZh: string }[];
    expect(players.map((p) => p.nameZh).sort()).toEqual(['唐丹', '许银川', '赵鑫鑫'].sort());
    expect((await org.get(`/tournaments/${id}/manage/players?q=${encodeURIComponent('许')}`).expect(200)).text).toContain('Xu Yinchuan');
    const byEnglish = await org.get(`/tournaments/${id}/manage/players?q=tang`).expect(200);
    expect(byEnglish.text).toContain('唐丹');
    expect(byEnglish.text).not.toContain('Xu Yinchuan');
    const zhao = players.find((p) => p.nameZh === '赵鑫鑫')!;
    await org.post(`/manage/players/${zhao.id}/delete`, {}).expect(400);
    await org.post(`/manage/players/${zhao.id}/delete`, { confirm: 'yes' }).expect(303);
    await http().get(`/api/players/${zhao.id}`).expect(404);
  });

  it('event from a preset, entries in one step, draw, redraw asks first, withdraw and undo', async () => {
    const org = await browserOf('org4');
    const id = (await org.post('/my/new-tournament', { ...TOURNAMENT }).expect(303)).headers.location.split('/')[2];
    for (let i = 0; i < 6; i++) await org.post(`/tournaments/${id}/manage/players/new`, { nameZh: `棋手${i}`, nameEn: `P${i}`, gender: 'male' }).expect(303);
    const form = {
      nameZh: '个人',
      nameEn: 'Individual',
      preset: 'swiss_then_knockout',
      'stages.0.rounds': '5',
      'stages.1.qualifiers': '',
      category: 'open',
      scoring: '2-1-0',
      gamesPerPairing: '1',
      'timeControl.baseMinutes': '60',
      'timeControl.incrementSeconds': '30',
      'pairingOptions.sameAffiliation': 'round1',
      lineupDeadlineMinutes: '30',
    };
    const refused = await org.post(`/tournaments/${id}/manage/events/new`, form).expect(400);
    expect(refused.text).toMatch(/id="f-stages-1-qualifiers-error"/);
    const made = await org.post(`/tournaments/${id}/manage/events/new`, { ...form, 'stages.1.qualifiers': '4' }).expect(303);
    const eventId = made.headers.location.split('/')[3];
    const event = (await http().get(`/api/events/${eventId}`).expect(200)).body;
    expect(event).toMatchObject({
      kind: 'individual',
      stages: [
        { type: 'swiss', rounds: 5 },
        { type: 'knockout', qualifiers: 4 },
      ],
      pairingOptions: { sameAffiliation: 'round1' },
    });
    expect((await org.get(`/manage/events/${eventId}`).expect(200)).text).toContain('二章6节3 A');
    await org.post(`/manage/events/${eventId}/entries`, { mode: 'all' }).expect(303);
    const entries = (await http().get(`/api/events/${eventId}/entries`).expect(200)).body as { id: string; version: number }[];
    expect(entries).toHaveLength(6);
    expect((await org.get(`/manage/events/${eventId}/draw`).expect(200)).text).toContain('种子选手进入种子位置');
    await org.post(`/manage/events/${eventId}/draw`, { seed: 'page-lot' }).expect(303);
    const again = await org.post(`/manage/events/${eventId}/draw`, { seed: 'other' }).expect(400);
    expect(again.text).toMatch(/id="f-confirmRedraw-error"/);
    await org.post(`/manage/events/${eventId}/draw`, { seed: 'other', confirmRedraw: 'on' }).expect(303);
    const draws = (await http().get(`/api/events/${eventId}/draws`).expect(200)).body as { seed: string }[];
    expect(draws.map((d) => d.seed)).toEqual(['other', 'page-lot']);
    const first = entries[0];
    const current = ((await http().get(`/api/events/${eventId}/entries`).expect(200)).body as { id: string; version: number }[]).find(
      (e) => e.id === first.id,
    )!;
    await org.post(`/manage/entries/${first.id}/withdraw`, { version: String(current.version), afterRound: '0', reason: 'by mistake' }).expect(303);
    const undoPage = await org.get(`/manage/entries/${first.id}/undo-withdrawal`).expect(200);
    const version = /name="version" value="(\d+)"/.exec(undoPage.text)![1];
    await org.post(`/manage/entries/${first.id}/undo-withdrawal`, { version, reason: 'wrong player' }).expect(303);
    const after = ((await http().get(`/api/events/${eventId}/entries`).expect(200)).body as { id: string; status: string }[]).find((e) => e.id === first.id)!;
    expect(after.status).toBe('active');
  });
  it('seeds in bulk (issue 30 #6): one form or a pasted order, all or none (400 beside the row), 409 on a stale row, audited, linked from the entries page', async () => {
    const org = await browserOf('org-seeds');
    const id = (await org.post('/my/new-tournament', { ...TOURNAMENT }).expect(303)).headers.location.split('/')[2];
    for (let i = 0; i < 6; i++) await org.post(`/tournaments/${id}/manage/players/new`, { nameZh: `种子${i}`, nameEn: `Seed${i}`, gender: 'male' }).expect(303);
    const made = await org
      .post(`/tournaments/${id}/manage/events/new`, {
        nameZh: '个人',
        nameEn: 'Individual',
        preset: 'swiss_then_knockout',
        'stages.0.rounds': '5',
        'stages.1.qualifiers': '4',
        'pairingOptions.sameAffiliation': 'round1',
        category: 'open',
        scoring: '2-1-0',
        gamesPerPairing: '1',
        'timeControl.baseMinutes': '60',
        'timeControl.incrementSeconds': '30',
        lineupDeadlineMinutes: '30',
      })
      .expect(303);
    const eventId = made.headers.location.split('/')[3];
    await org.post(`/manage/events/${eventId}/entries`, { mode: 'all' }).expect(303);
    expect((await org.get(`/manage/events/${eventId}/entries`).expect(200)).text).toContain(`href="/manage/events/${eventId}/seeds"`);
    type Row = { id: string; version: number; seed: number | null; player: { nameEn: string } };
    const entries = async () =>
      ((await http().get(`/api/events/${eventId}/entries`).expect(200)).body as Row[]).sort((a, b) => a.player.nameEn.localeCompare(b.player.nameEn));
    const [a, b, c] = await entries();

    // API: two rows with one rank → 400 naming the second row; nothing written.
    const clash = await http()
      .put(`/api/events/${eventId}/seeds`)
      .set('Authorization', org.user.auth)
      .send({
        entries: [
          { entryId: a.id, version: a.version, seed: 1 },
          { entryId: b.id, version: b.version, seed: 1 },
        ],
      });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({ code: 'seeds.rank_twice', field: 'entries.1.seed' });
    expect(clash.body.message).toContain('Seed0');
    expect((await entries()).every((e) => e.seed === null)).toBe(true);
    // More seeds than round-1 pairs (6 entries: 3) → 400 on the list.
    const many = await http()
      .put(`/api/events/${eventId}/seeds`)
      .set('Authorization', org.user.auth)
      .send({ entries: (await entries()).map((e, i) => ({ entryId: e.id, version: e.version, seed: i + 1 })) });
    expect(many.body).toMatchObject({ code: 'seeds.too_many', field: 'entries' });

    // The page: every row's seed in one form; a bad row is refused beside it with the values kept.
    const page = await org.get(`/manage/events/${eventId}/seeds`).expect(200);
    expect(page.text).toContain('附录1 #5');
    const form: Record<string, string> = {};
    (await entries()).forEach((e, i) => {
      form[`entries.${i}.entryId`] = e.id;
      form[`entries.${i}.version`] = String(e.version);
      form[`entries.${i}.seed`] = '';
    });
    const rowOf = (entryId: string) =>
      Object.keys(form)
        .find((k) => form[k] === entryId)!
        .split('.')[1];
    form[`entries.${rowOf(a.id)}.seed`] = '2';
    form[`entries.${rowOf(c.id)}.seed`] = '2';
    const refused = await org.post(`/manage/events/${eventId}/seeds`, form).expect(400);
    expect(refused.text).toMatch(new RegExp(`id="seed-${rowOf(c.id)}-error"[^>]*>种子序号 2 已属于 种子0 Seed0`));
    expect((await entries()).every((e) => e.seed === null)).toBe(true);
    form[`entries.${rowOf(c.id)}.seed`] = '1';
    await org.post(`/manage/events/${eventId}/seeds`, form).expect(303);
    expect((await entries()).map((e) => e.seed)).toEqual([2, null, 1, null, null, null]);

    // The same page read before that change is stale now: 409, nothing written.
    const stale = await org.post(`/manage/events/${eventId}/seeds`, { ...form, [`entries.${rowOf(b.id)}.seed`]: '3' }).expect(409);
    expect(stale.text).toContain('form-error');
    expect((await entries()).find((e) => e.id === b.id)!.seed).toBeNull();

    // A pasted order (names or draw numbers, top seed first) decides: the others lose their seeds.
    const fresh: Record<string, string> = {};
    (await entries()).forEach((e, i) => {
      fresh[`entries.${i}.entryId`] = e.id;
      fresh[`entries.${i}.version`] = String(e.version);
      fresh[`entries.${i}.seed`] = String(e.seed ?? '');
    });
    const unknown = await org.post(`/manage/events/${eventId}/seeds`, { ...fresh, order: 'Seed1\nNobody' }).expect(400);
    expect(unknown.text).toMatch(/id="f-order-error"[^>]*>第 2 行“Nobody”/);
    await org.post(`/manage/events/${eventId}/seeds`, { ...fresh, order: 'Seed1\n种子2' }).expect(303);
    expect((await entries()).map((e) => e.seed)).toEqual([null, 1, 2, null, null, null]);
    // After the draw: a stale version is 409 over the API too; a new seeded set needs a new draw (附录1 #5).
    await http().post(`/api/events/${eventId}/draw`).set('Authorization', org.user.auth).send({ seed: 'seeds-lot' }).expect(201);
    const staleApi = await http()
      .put(`/api/events/${eventId}/seeds`)
      .set('Authorization', org.user.auth)
      .send({ entries: [{ entryId: a.id, version: a.version, seed: 3 }] })
      .expect(409);
    expect(staleApi.body).toMatchObject({ code: 'edit.stale', entryId: a.id });
    const now = (await entries()).find((e) => e.id === a.id)!;
    const reseeded = await http()
      .put(`/api/events/${eventId}/seeds`)
      .set('Authorization', org.user.auth)
      .send({ entries: [{ entryId: a.id, version: now.version, seed: 3 }] })
      .expect(200);
    expect(reseeded.body).toMatchObject({ changed: 1, redrawNeeded: true });
    expect((await http().get(`/api/events/${eventId}`).expect(200)).body.redrawNeeded).toBe(true);
    const rows = (await http().get(`/api/tournaments/${id}/audit?entityId=${a.id}`).set('Authorization', org.user.auth).expect(200)).body.items as {
      reason: string | null;
    }[];
    expect(rows.filter((r) => r.reason?.includes('seeds set for the event'))).toHaveLength(3);
  });
});
