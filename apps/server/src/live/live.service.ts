import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DATABASE_URL, PrismaService } from '../prisma/prisma.service';
import { eventDataVersion } from '../play/event-version';
import { LiveAdmission, liveLimits } from './live-limits';
import { pageFrame, renderPage, SharedFrame, sharedFrame } from './live-page';
import { LIVE_CHANNEL } from './notify';

/** One Server-Sent Events stream (an open GET /api/events/:eventId/live). */
export interface LiveStream {
  /** A frame shared by many viewers (compressed once), or one of this stream's own. */
  send(frame: SharedFrame | string): void;
  /** Ends the response (the server is shutting down). */
  end(): void;
}

/** Notifications of one event within this window reach the viewers as one change (a burst of results → one frame). */
const COALESCE_MS = 200;
/** A viewer whose unsent frames pile up past this is cut off (it reconnects and catches up): memory stays bounded. */
const BACKLOG_BYTES = 1 << 20;

/** The streams of one event: the API's (JSON `change` frames, key '') and each page's (its rendered `<main>`). */
type Watchers = Map<string, Set<LiveStream>>;

/**
 * Live updates across server instances: a dedicated `pg` client LISTENs on LIVE_CHANNEL, which the
 * EventChange trigger NOTIFYs for every committed change of an event (notify.ts). A notification
 * for an event somebody watches becomes, after COALESCE_MS, one frame per kind of viewer:
 * - a page's viewers (`?page=`) get the page's new `<main>`, rendered once for the data version and
 *   language (live-page.ts) and the same bytes written to each — no viewer fetches anything, which is
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
  private readonly versions = new Map<string, Promise<string | null>>();
  /** Moves with every notification: a version read before one is not kept after it. */
  private epoch = 0;
  /** The last frame rendered per page, and the renders under way (one per page and version). */
  private readonly frames = new Map<string, { version: string; frame: SharedFrame }>();
  private readonly rendering = new Map<string, Promise<{ version: string; frame: SharedFrame } | null>>();
  private origin: { host: string; port: number } | null = null;
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  readonly admission = new LiveAdmission(liveLimits());

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly prisma: PrismaService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
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

  /** Where this server answers (the address a stream came in on): pages are rendered by asking it. */
  useOrigin(host: string, port: number): void {
    if (!this.origin) this.origin = { host: host.startsWith('::ffff:') ? host.slice(7) : host, port };
  }

  /** The event's data version: changes whenever anything its public pages show changes; null if no such event. */
  async version(eventId: string): Promise<string | null> {
    const f = await eventDataVersion(this.prisma, eventId);
    return f === null ? null : createHash('sha1').update(f).digest('base64url').slice(0, 20);
  }

  /**
   * The version as a stream opens: kept per event until the next notification of that event, so a
   * crowd arriving at once costs one query, not one each. Only while the listener is connected (a
   * notification missed while it was away would leave the kept version stale).
   */
  async currentVersion(eventId: string): Promise<string | null> {
    const kept = this.versions.get(eventId);
    if (kept && this.client) return kept;
    const epoch = this.epoch;
    const read = this.version(eventId);
    const version = await read;
    if (version !== null && this.client && epoch === this.epoch && !this.versions.has(eventId)) this.versions.set(eventId, read);
    return version;
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
  pageFrame(page: string, version: string): Promise<{ version: string; frame: SharedFrame } | null> {
    const kept = this.frames.get(page);
    if (kept && kept.version === version) return Promise.resolve(kept);
    const key = `${page}\n${version}`;
    let under = this.rendering.get(key);
    if (!under) {
      const origin = this.origin;
      under = (async () => {
        if (!origin) return null;
        const page1 = await renderPage(origin, page);
        if (!page1) return null;
        const made = { version: page1.version, frame: pageFrame(page1.version, page1.main) };
        this.frames.set(page, made);
        return made;
      })().finally(() => this.rendering.delete(key));
      this.rendering.set(key, under);
    }
    return under;
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
    this.versions.clear();
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
    this.epoch++;
    this.versions.delete(message.eventId);
    if (this.versions.size > 10_000) this.versions.clear();
    if (!this.streams.has(message.eventId)) return; // nobody here watches it
    this.schedule(message.eventId, typeof message.kind === 'string' ? message.kind : 'change');
  }

  private schedule(eventId: string, kind: string): void {
    const pending = this.pending.get(eventId);
    if (pending) {
      pending.kinds.add(kind);
      return;
    }
    const timer = setTimeout(() => this.startFlush(eventId), COALESCE_MS);
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
    const done = this.flush(eventId).finally(() => this.flushing.delete(eventId));
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
          let frame: SharedFrame | string;
          if (page === '') frame = sharedFrame(LiveService.frame(version, [...pending.kinds].sort()));
          else {
            const made = await this.pageFrame(page, version);
            // Not rendered (the page is gone, or answers otherwise now): the viewers fetch it themselves.
            frame = made ? made.frame : `id: ${version}\nevent: refetch\ndata: ${version}\n\n`;
          }
          for (const s of streams) LiveService.deliver(s, frame);
        }),
      );
    } catch (e) {
      this.log.warn(`live push for ${eventId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
