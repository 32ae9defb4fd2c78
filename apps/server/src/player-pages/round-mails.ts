import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CredentialsService } from '../credentials/credentials.service';
import { personalPath } from '../credentials/credential-token';
import { publicOrigin } from '../common/public-url';
import { Prisma } from '../generated/prisma/client';
import { chineseIn, translate, type Language, type MessageKey } from '../i18n/i18n';
import { MailService, type MailRequest } from '../mail/mail.service';
import { formatDateTime } from '../pages/event-pages';
import { typedQuery } from '../persistence/typed-sql';
import { PrismaService } from '../prisma/prisma.service';
import { nameOf } from '../staff-pages/staff-view';
import { PlayerViewService, type HolderView, type MyGame } from './player-view.service';

/** Rounds published (or completed) longer ago than this are not mailed: configuring mail late sends no history. */
const WINDOW_HOURS = 48;
const BATCH = 500;

/** (round, player, address) pairs whose mail of this kind is not queued yet: the dedupe key is the "once". */
const DUE = typedQuery(
  'round mails due',
  { roundId: 'text', playerId: 'text', email: 'text' },
  (kind: string, completed: boolean, hours: number, limit: number) => Prisma.sql`
    SELECT DISTINCT r.id::text AS "roundId", p.id::text AS "playerId", p.email AS email
      FROM "Round" r
      JOIN "Pairing" pr ON pr."roundId" = r.id
      JOIN "Entry" e ON e.id = pr."redEntryId" OR e.id = pr."blackEntryId"
      LEFT JOIN "TeamMember" tm ON tm."teamId" = e."teamId"
      JOIN "Player" p ON p.id = coalesce(e."playerId", tm."playerId")
     WHERE p.email IS NOT NULL AND p.email <> ''
       AND CASE WHEN ${completed}::bool
                THEN r.state = 'completed' AND r."completedAt" > (now() AT TIME ZONE 'UTC') - make_interval(hours => ${hours}::int)
                ELSE r.state IN ('published', 'completed') AND r."publishedAt" > (now() AT TIME ZONE 'UTC') - make_interval(hours => ${hours}::int) END
       AND NOT EXISTS (SELECT 1 FROM "Mail" m WHERE m."dedupeKey" = ${kind} || ':' || r.id::text || ':' || p.id::text)
     LIMIT ${limit}::int`,
  ['pairing', false, 1, 0],
);

/** The mail's words in the recipient's language; unknown (players give none): Chinese, then English. */
function words(lang: Language | null, key: MessageKey, vars: (l: Language) => Record<string, string | number>): string {
  if (lang) return translate(key, lang, vars(lang));
  return `${translate(key, 'zh', vars('zh'))}\n——\n${translate(key, 'en', vars('en'))}`;
}

/**
 * The round's mails (issue 32 #5): each published round's pairing to every player who gave an
 * address, and each completed round's result with the place. Queued once per (round, player) — the
 * Mail row's dedupeKey `pairing:<round>:<player>` / `results:<round>:<player>` — by whichever server
 * instance gets there first (the unique key drops the other's). Read from what committed, so a
 * pairing or a result never waits for mail; runs only where a mail server is configured
 * (CHUHE_SMTP_URL), every CHUHE_MAIL_POLL_MS (default 3 s).
 */
@Injectable()
export class RoundMails implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RoundMails');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly mail: MailService,
    private readonly views: PlayerViewService,
    private readonly credentials: CredentialsService,
  ) {}

  onApplicationBootstrap(): void {
    const every = Number(process.env.CHUHE_MAIL_POLL_MS ?? 3000);
    if (!this.mail.configured || every <= 0) return;
    this.timer = setInterval(() => void this.queueDue().catch((e: Error) => this.logger.warn(`round mails: ${e.message}`)), every);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Queues the round mails not queued yet; answers how many were queued. */
  async queueDue(): Promise<number> {
    if (!this.mail.configured) return 0;
    if (this.running) return this.running;
    this.running = (async () => (await this.queue('pairing', false)) + (await this.queue('results', true)))().finally(() => (this.running = undefined));
    return this.running;
  }

  private async queue(kind: 'pairing' | 'results', completed: boolean): Promise<number> {
    const due = await DUE.rows(this.prisma, kind, completed, WINDOW_HOURS, BATCH);
    const mails: MailRequest[] = [];
    const views = new Map<string, HolderView>();
    for (const d of due) {
      let view = views.get(d.playerId);
      if (!view) {
        const player = await this.prisma.player.findUniqueOrThrow({
          where: { id: d.playerId },
          select: { tournament: { select: { id: true, nameZh: true, nameEn: true, timeZone: true, venue: true, publishedAt: true } } },
        });
        const t = player.tournament;
        view = await this.views.playerView({ credentialId: '', kind: 'player', tournament: { ...t, published: !!t.publishedAt } }, d.playerId);
        views.set(d.playerId, view);
      }
      const event = view.events.find((e) => e.games.some((g) => g.roundId === d.roundId));
      const game = event?.games.find((g) => g.roundId === d.roundId);
      if (!event || !game) continue;
      const link = await this.linkOf(view, d.playerId, event.event.id);
      const eventName = (l: Language) => nameOf({ nameZh: chineseIn(l, event.event.nameZh), nameEn: event.event.nameEn }, l);
      const who = (l: Language) => nameOf({ nameZh: chineseIn(l, view.name.nameZh), nameEn: view.name.nameEn }, l);
      const subject = (l: Language) =>
        translate(kind === 'pairing' ? 'mail.pairing.subject' : 'mail.results.subject', l, { event: eventName(l), n: game.round });
      const text =
        kind === 'pairing'
          ? words(null, 'mail.pairing.body', (l) => ({ name: who(l), event: eventName(l), n: game.round, link, ...this.seat(game, view!, l) }))
          : words(null, 'mail.results.body', (l) => ({
              name: who(l),
              event: eventName(l),
              n: game.round,
              link,
              result: game.bye ? translate('venue.bye', l) : translate(`venue.outcome.${game.outcome}`, l),
              place: event.place ? translate('venue.placeOf', l, event.place) : '—',
            }));
      mails.push({
        to: d.email,
        subject: `${subject('zh')} / ${subject('en')}`,
        text,
        kind,
        tournamentId: view.tournament.id,
        dedupeKey: `${kind}:${d.roundId}:${d.playerId}`,
      });
    }
    return mails.length ? this.mail.enqueueMany(this.prisma, mails) : 0;
  }

  private seat(g: MyGame, view: HolderView, l: Language) {
    const hidden = translate('venue.lineupPending', l);
    return {
      time: formatDateTime(g.scheduledAt, view.tournament.timeZone, l) || '—',
      table: g.table === null ? '—' : String(g.table) + (g.board ? ` · ${translate('venue.board', l, { n: g.board })}` : ''),
      colour: g.bye ? translate('venue.bye', l) : g.colour ? translate(g.colour === 'red' ? 'venue.red' : 'venue.black', l) : hidden,
      opponent: g.bye
        ? '—'
        : g.opponent
          ? nameOf({ nameZh: chineseIn(l, g.opponent.nameZh), nameEn: g.opponent.nameEn }, l)
          : g.opponentTeam
            ? `${nameOf(g.opponentTeam, l)} (${hidden})`
            : hidden,
    };
  }

  /** The player's own page when they hold a credential, else the event's public page. */
  private async linkOf(view: HolderView, playerId: string, eventId: string): Promise<string> {
    const c = await this.prisma.credential.findFirst({ where: { tournamentId: view.tournament.id, playerId, revokedAt: null }, select: { id: true } });
    return `${publicOrigin()}${c ? personalPath(await this.credentials.tokenOf(c.id)) : `/events/${eventId}`}`;
  }
}
