// Issue 32 #5: the round's pairing and results mailed to each player who gave an address, once per
// (round, player) even with two server instances, through the in-process SMTP server.
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { MailSender } from '../../apps/server/src/mail/mail-sender';
import { RoundMails } from '../../apps/server/src/player-pages/round-mails';
import { PrismaService } from '../../apps/server/src/prisma/prisma.service';
import { SWISS_EVENT, startTestApp } from './http-helpers';
import { drawnEvent, pairAndPublish, playRound, type PlayEvent } from './scenario';
import { startTestSmtp, TestSmtp } from './venue-smtp';

describe('round mails (issue 32 #5)', () => {
  let smtp: TestSmtp;
  let one: INestApplication;
  let two: INestApplication;
  let play: PlayEvent;
  const saved = { url: process.env.CHUHE_SMTP_URL, poll: process.env.CHUHE_MAIL_POLL_MS };
  const prisma = () => one.get(PrismaService);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.CHUHE_SMTP_URL = smtp.url;
    process.env.CHUHE_MAIL_POLL_MS = '0';
    one = await startTestApp();
    two = await startTestApp();
    play = await drawnEvent(one, SWISS_EVENT, 4);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await smtp.close();
    process.env.CHUHE_SMTP_URL = saved.url;
    process.env.CHUHE_MAIL_POLL_MS = saved.poll;
  });

  it('a published round’s pairing goes once to each player with an address (two instances), with the personal link; the results after the round', async () => {
    const players = await prisma().player.findMany({ where: { tournamentId: play.tournamentId }, orderBy: { nameEn: 'asc' } });
    const stamp = Date.now();
    const withMail = players.slice(0, 3);
    for (const [i, p] of withMail.entries()) await prisma().player.update({ where: { id: p.id }, data: { email: `p${i}-${stamp}@test.chuhe` } });
    const creds = (await request(one.getHttpServer()).post(`/api/events/${play.eventId}/credentials`).set('Authorization', play.organizer.auth).expect(201))
      .body.credentials as { playerId: string | null; path: string }[];
    // The run's database is shared: other suites' published rounds are queued first, so that the
    // counts below are this round's mails.
    while ((await one.get(RoundMails).queueDue()) > 0);
    while ((await one.get(MailSender).sendDue()) > 0);
    const round = await pairAndPublish(one, play);
    const [a, b] = await Promise.all([one.get(RoundMails).queueDue(), two.get(RoundMails).queueDue()]);
    expect(a + b).toBe(3);
    expect(await one.get(RoundMails).queueDue()).toBe(0);
    const queued = await prisma().mail.findMany({ where: { tournamentId: play.tournamentId, kind: 'pairing' } });
    expect(queued).toHaveLength(3);
    expect(new Set(queued.map((m) => m.dedupeKey))).toEqual(new Set(withMail.map((p) => `pairing:${round.id}:${p.id}`)));
    const before = smtp.received.length;
    await Promise.all([one.get(MailSender).sendDue(), two.get(MailSender).sendDue()]);
    const got = (await smtp.waitFor(before + 3)).slice(before);
    expect(got).toHaveLength(3);
    const first = got.find((m) => (m.to as { text: string }).text === `p0-${stamp}@test.chuhe`)!;
    expect(first.subject).toContain('第1轮对阵');
    expect(first.subject).toContain('round 1 pairing');
    const link = creds.find((c) => c.playerId === withMail[0].id)!.path;
    expect(first.text).toContain(link);
    expect(first.text).toMatch(/对手：\S+/);
    expect(first.text).toMatch(/Opponent: \S+/);
    // Nobody's address is in anybody else's mail.
    for (const m of got) expect(m.text).not.toMatch(/@test\.chuhe/);

    await playRound(one, play.organizer.auth, round.id);
    expect(await two.get(RoundMails).queueDue()).toBe(3);
    expect(await one.get(RoundMails).queueDue()).toBe(0);
    const results = await prisma().mail.findMany({ where: { tournamentId: play.tournamentId, kind: 'results' } });
    expect(results).toHaveLength(3);
    expect(results[0].text).toMatch(/第\d+名|—/);
  });
});
