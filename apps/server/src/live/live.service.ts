import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DATABASE_URL, PrismaService } from '../prisma/prisma.service';
import { eventDataVersion, eventPageState } from '../play/event-version';
import { LiveAdmission, liveLimits } from './live-limits';
import { mainOf, pageFrame, pageLines, patchFrame, SharedFrame, sharedFrame } from './live-page';
import { pagePatch } from './page-patch';
import { LivePages } from './live-pages';
import { LIVE_CHANNEL } from './notify';

/** One Server-Sent Events stream (an open GET /api/events/:eventId/live). */
export interface LiveStream {
  /** A frame shared by many viewers (compressed once), or one of this stream's own. */
  send(frame: SharedFrame | string): void;
  /** Ends the response (the server is shutting down). */
  end(): void;
  /** When this stream was last written to (Date.now()): the heartbeat sweep skips streams that had news. */
  sentAt: number;
  /** The serial of the last page frame this stream got (whole or patched, PageFrames): the text its viewer holds. */
  pageSerial?: number | null;
}

/** A page's frame at one version: whole, and as a patch of the frame before it (page-patch.ts) when that is much smaller. */
export interface PageFrames {
  version: string;
  /** This render's own number: two renders at one version may differ (each reads the data as it is then), so a patch names the render it patches. */
  serial: number;
  frame: SharedFrame;
  lines: string[];
  patch: { base: number; frame: SharedFrame } | null;
}

let renders = 0;

/** The comment a silent stream gets (keepAlive). */
const KEEP_ALIVE = sharedFrame(': keep-alive\n\n');

/** Notifications of one event within this window reach the viewers as one change (a burst of results → one frame). */
const COALESCE_MS = 200;
/** Distinct live pages (page × language) rendered per event: an event's pages in 3 languages and its match cards fit. */
export const LIVE_PAGES_PER_EVENT = Number(process.env.CHUHE_LIVE_PAGES_PER_EVENT) || 96;

/** A viewer whose unsent frames pile up past this is cut off (it reconnects and catches up): memory stays bounded. */
const BACKLOG_BYTES = 1 << 20;

/** Match cards' events kept (pairingId → eventId). */
const PAIRINGS_KEPT = 50_000;

/** An event's data version as pages and frames carry it (a short hash of eventDataVersion's text). */
function hashVersion(data: string): string {
  return createHash('sha1').update(data).digest('base64url').slice(0, 20);
}

/** What a public page's ETag is made of: the data version, and a team event's lineup deadlines (ms since 1970). */
export interface PageState {
  version: string;
  deadlines: number[];
}

/** The streams of one event: the API's (JSON `change` frames, key '') and each page's (its rendered `<main>`). */
type Watchers = Map<string, Set<LiveStream>>;

/**
 * Live updates across server instances: a dedicated `pg` client LISTENs on LIVE_CHANNEL, which the
 * EventChange trigger NOTIFYs for every committed change of an event (notify.ts). A notification
 * for an event somebody watches becomes, after COALESCE_MS, one frame per kind of viewer:
 * - a page's viewers (`?page=`) get the page's new `<main>`, rendered once for the data version and
 *   language, in-process by the page route's own handler and template (live-pages.ts), and the same
 *   bytes written to each — no viewer fetches anything, which is
 *   what lets one process hold a crowd at a round's end (issue 24);
 * - the API's viewers get `{version, kinds}`.
 * The frame id is the event's data version (the one in the pages' ETag). A viewer that reconnects
 * sends the last id it saw (Last-Event-ID) and gets the current frame at once if the data moved on;
 * after the listener itself reconnects, every watched event is sent the same way.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('LiveService');
  private readonly streams = new Map<string, Watchers>();
  private readonly pending = new Map<string, { kinds: Set<string>; timer: NodeJS.Timeout }>();
  private readonly flushing = new Map<string, Promise<void>>();
  /** When each event's last push ended and how long it took (schedule paces the next by it). */
  private readonly lastFlush = new Map<string, { endedAt: number; took: number }>();
  private readonly states = new Map<string, Promise<PageState | null>>();
  /** The same states once read (keptState: the fast path reads them without waiting). */
  private readonly settled = new Map<string, PageState>();
  /** A match card's event (a pairing never moves to another event). */
  private readonly pairingEvents = new Map<string, string>();
  /** Moves with every notification: a version read before one is not kept after it. */
  private epoch = 0;
  /** The last frame rendered per page, and the renders under way (one per page and version). */
  private readonly frames = new Map<string, PageFrames>();
  /** pageState's reads under way, by event, with the notification epoch they began in. */
  private readonly stateReads = new Map<string, { epoch: number; read: Promise<PageState | null> }>();
  private readonly rendering = new Map<string, Promise<PageFrames | null>>();
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  readonly admission = new LiveAdmission(liveLimits());
  /** In-process listeners to every committed change of any event (ratings/auto-rerate.ts): event id and part. */
  readonly changes = new Set<(eventId: string, kind: string) => void>();

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly prisma: PrismaService,
    readonly pages: LivePages,
  ) {}

  async onModuleInit(): Promise<void> {
    // One sweep for every stream, four times per heartbeat period, instead of a timer per viewer.
    const every = this.admission.limits.heartbeatMs / 4;
    this.heartbeat = setInterval(() => this.keepAlive(Date.now()), every);
    this.heartbeat.unref();
    await this.connect();
  }

  /**
   * The heartbeat (issue 35 #4): a keep-alive comment to each stream silent for three quarters of the
   * period — so none is silent longer than the period — and nothing to the streams that had a frame
   * meanwhile. During a round's results a crowd gets one write per result, not one more per heartbeat.
   */
  keepAlive(now: number): void {
    const due = now - (this.admission.limits.heartbeatMs * 3) / 4;
    for (const pages of this.streams.values())
      for (const set of pages.values()) for (const stream of set) if (stream.sentAt <= due) LiveService.deliver(stream, KEEP_ALIVE);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    for (const pages of this.streams.values()) for (const set of pages.values()) for (const s of set) s.end();
    this.streams.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** True while the listener is connected (health, tests). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Open streams in this process. */
  get open(): number {
    return this.admission.count;
  }

  /** The event's data version: changes whenever anything its public pages show changes; null if no such event. */
  async version(eventId: string): Promise<string | null> {
    const f = await eventDataVersion(this.prisma, eventId);
    return f === null ? null : hashVersion(f);
  }

  /**
   * The event's version and lineup deadlines, kept per event until the next notification of that
   * event: a crowd arriving at once, or reloading a page, costs one statement, not one each — and
   * a page served from the rendered-page cache none (page-etag.ts). Only while the listener is
   * connected (a notification missed while it was away would leave the kept state stale).
   */
  async pageState(eventId: string): Promise<PageState | null> {
    const kept = this.states.get(eventId);
    if (kept && this.client) return kept;
    const epoch = this.epoch;
    // A crowd's requests after a change share the one read under way since that change (issue 35 #2:
    // 2,000 reloads at once each read the state otherwise).
    const under = this.stateReads.get(eventId);
    if (under && under.epoch === epoch) return under.read;
    const read = eventPageState(this.prisma, eventId).then((s) => (s === null ? null : { version: hashVersion(s.data), deadlines: s.deadlines }));
    this.stateReads.set(eventId, { epoch, read });
    const forget = () => {
      if (this.stateReads.get(eventId)?.read === read) this.stateReads.delete(eventId);
    };
    read.then(forget, forget);
    const state = await read;
    if (state !== null && this.client && epoch === this.epoch && !this.states.has(eventId)) {
      this.states.set(eventId, read);
      this.settled.set(eventId, state);
    }
    return state;
  }

  /** pageState's kept answer, if it has one now (the fast path, fast-page.ts: no promise to wait for). */
  keptState(eventId: string): PageState | undefined {
    return this.client ? this.settled.get(eventId) : undefined;
  }

  /** A match card's event if it is known already (eventOfPairing has read it). */
  keptEventOfPairing(pairingId: string): string | undefined {
    return this.pairingEvents.get(pairingId);
  }

  /** The version as a stream opens (pageState's, kept until the next notification). */
  async currentVersion(eventId: string): Promise<string | null> {
    return (await this.pageState(eventId))?.version ?? null;
  }

  /** A pairing's event (match cards), read once per pairing; null if there is no such pairing. */
  async eventOfPairing(pairingId: string): Promise<string | null> {
    const kept = this.pairingEvents.get(pairingId);
    if (kept) return kept;
    const p = await this.prisma.pairing.findUnique({ where: { id: pairingId }, select: { round: { select: { eventId: true } } } });
    if (!p) return null;
    if (this.pairingEvents.size >= PAIRINGS_KEPT) this.pairingEvents.delete(this.pairingEvents.keys().next().value!);
    this.pairingEvents.set(pairingId, p.round.eventId);
    return p.round.eventId;
  }

  /**
   * Whether a stream of `page` may join the event (issue 34 #1): at most LIVE_PAGES_PER_EVENT
   * distinct pages are rendered per event (each costs a render per change); a page already watched
   * always may.
   */
  admitsPage(eventId: string, page: string): boolean {
    const pages = this.streams.get(eventId);
    if (!page || !pages || pages.has(page)) return true;
    return [...pages.keys()].filter(Boolean).length < LIVE_PAGES_PER_EVENT;
  }

  /** Watches an event: `page` is a live-page key (its viewers get rendered frames), '' for the API's JSON frames. */
  watch(eventId: string, page: string, stream: LiveStream): () => void {
    let pages = this.streams.get(eventId);
    if (!pages) this.streams.set(eventId, (pages = new Map()));
    let set = pages.get(page);
    if (!set) pages.set(page, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size) return;
      if (pages.get(page) === set) {
        pages.delete(page);
        this.frames.delete(page);
      }
      if (pages.size === 0 && this.streams.get(eventId) === pages) this.streams.delete(eventId);
    };
  }

  /** The SSE frame announcing a change to API clients (kinds: the EventChange parts, `catch-up` when missed while away). */
  static frame(version: string, kinds: string[]): string {
    return `id: ${version}\nevent: change\ndata: ${JSON.stringify({ version, kinds })}\n\n`;
  }

  /** The page's frame at the current version (or newer), rendered once however many viewers want it. */
  pageFrame(page: string, version: string): Promise<PageFrames | null> {
    const kept = this.frames.get(page);
    if (kept && kept.version === version) return Promise.resolve(kept);
    const key = `${page}\n${version}`;
    let under = this.rendering.get(key);
    if (!under) {
      under = (async () => {
        // In-process, by the page route's own handler and template (live-pages.ts), from data at
        // least as new as `version` (read before): one render per page and version for every viewer.
        const html = await this.pages.render(page);
        const main = html === null ? null : mainOf(html);
        if (main === null) return null;
        const lines = pageLines(main);
        // A viewer that holds the frame before gets only the lines that changed (a 500-board round's
        // page is 800 KB of HTML for one changed row).
        const before = this.frames.get(page);
        const splices = before && before.version !== version ? pagePatch(before.lines, lines) : null;
        const patch = before && splices ? { base: before.serial, frame: patchFrame(version, before.version, splices) } : null;
        const made: PageFrames = { version, serial: ++renders, frame: pageFrame(version, lines), lines, patch };
        this.frames.set(page, made);
        return made;
      })().finally(() => this.rendering.delete(key));
      this.rendering.set(key, under);
    }
    return under;
  }

  /** A page's frame to one of its viewers: the patch when the viewer holds the frame it patches, else the whole. */
  static deliverPage(stream: LiveStream & { backlog?: () => number }, made: PageFrames): void {
    if (stream.pageSerial === made.serial) return; // it holds this very frame
    LiveService.deliver(stream, made.patch && stream.pageSerial === made.patch.base ? made.patch.frame : made.frame);
    stream.pageSerial = made.serial;
  }

  /** Writes a frame unless the viewer cannot keep up (then it is cut off; its EventSource reconnects and catches up). */
  static deliver(stream: LiveStream & { backlog?: () => number }, frame: SharedFrame | string): void {
    if (stream.backlog && stream.backlog() > BACKLOG_BYTES) stream.end();
    else stream.send(frame);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'chuhe-live' });
    let failed = false;
    const fail = (e?: unknown) => {
      if (failed) return;
      failed = true;
      if (e) this.log.warn(`listener lost: ${e instanceof Error ? e.message : String(e)}`);
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.connect(), 1000);
      this.retry?.unref?.();
    };
    client.on('error', fail);
    client.on('end', () => fail());
    client.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL && msg.payload) this.onNotification(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (e) {
      fail(e);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const reconnected = this.client === null && this.streams.size > 0;
    this.states.clear();
    this.settled.clear();
    this.epoch++;
    this.client = client;
    // Notifications sent while the listener was away are lost: tell every watched event's viewers to compare.
    if (reconnected) for (const eventId of this.streams.keys()) this.schedule(eventId, 'catch-up');
  }

  private onNotification(payload: string): void {
    let message: { eventId?: unknown; kind?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.eventId !== 'string') return;
    for (const listener of this.changes) listener(message.eventId, typeof message.kind === 'string' ? message.kind : 'change');
    this.epoch++;
    this.states.delete(message.eventId);
    this.settled.delete(message.eventId);
    if (this.states.size > 10_000) {
      this.states.clear();
      this.settled.clear();
    }
    if (!this.streams.has(message.eventId)) return; // nobody here watches it
    this.schedule(message.eventId, typeof message.kind === 'string' ? message.kind : 'change');
  }

  private schedule(eventId: string, kind: string): void {
    const pending = this.pending.get(eventId);
    if (pending) {
      pending.kinds.add(kind);
      return;
    }
    // Paced by what the last push cost: a 500-board round's pages take a while to render and write,
    // and the next push of the event waits at least as long after it, so that its crowd never takes
    // more than about half of the process from the arbiters entering results (issue 35); the results
    // that arrive meanwhile go out together.
    const last = this.lastFlush.get(eventId);
    const delay = Math.max(COALESCE_MS, last ? last.endedAt + last.took - Date.now() : 0);
    const timer = setTimeout(() => this.startFlush(eventId), delay);
    this.pending.set(eventId, { kinds: new Set([kind]), timer });
  }

  /** One push per event at a time: changes that arrive while a crowd is being written to go out together after it. */
  private startFlush(eventId: string): void {
    const under = this.flushing.get(eventId);
    if (under) {
      void under.then(() => this.startFlush(eventId));
      return;
    }
    if (!this.pending.has(eventId)) return;
    const started = Date.now();
    const done = this.flush(eventId).finally(() => {
      this.flushing.delete(eventId);
      const endedAt = Date.now();
      this.lastFlush.set(eventId, { endedAt, took: endedAt - started });
    });
    this.flushing.set(eventId, done);
  }

  private async flush(eventId: string): Promise<void> {
    const pending = this.pending.get(eventId);
    this.pending.delete(eventId);
    const pages = this.streams.get(eventId);
    if (!pending || !pages || pages.size === 0) return;
    try {
      const version = await this.version(eventId);
      if (version === null) return;
      await Promise.all(
        [...pages].map(async ([page, streams]) => {
          if (page === '') {
            const frame = sharedFrame(LiveService.frame(version, [...pending.kinds].sort()));
            for (const s of streams) LiveService.deliver(s, frame);
            return;
          }
          const made = await this.pageFrame(page, version);
          if (!made) {
            // Not rendered (the page is gone, or answers otherwise now): the viewers fetch it themselves.
            const refetch = `id: ${version}\nevent: refetch\ndata: ${version}\n\n`;
            for (const s of streams) LiveService.deliver(s, refetch);
            return;
          }
          for (const s of streams) LiveService.deliverPage(s, made);
        }),
      );
    } catch (e) {
      this.log.warn(`live push for ${eventId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
