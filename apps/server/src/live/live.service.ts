import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DATABASE_URL, PrismaService } from '../prisma/prisma.service';
import { eventDataVersion } from '../play/event-version';
import { LIVE_CHANNEL } from './notify';

/** One Server-Sent Events stream (an open GET /api/events/:eventId/live). */
export interface LiveStream {
  send(frame: string): void;
  /** Ends the response (the server is shutting down). */
  end(): void;
}

/** Notifications of one event within this window reach the viewers as one change (a burst of results → one reload). */
const COALESCE_MS = 200;

/**
 * Live updates across server instances: a dedicated `pg` client LISTENs on LIVE_CHANNEL (results,
 * publications, lineups NOTIFY in their own transaction, notify.ts); a notification for an event
 * somebody watches becomes one SSE `change` frame whose id is the event's data version (a hash of
 * play/event-version.ts — the same version the public pages put in their ETag). A viewer that
 * reconnects sends the last id it saw (Last-Event-ID) and is told at once if the data moved on
 * meanwhile; after the listener itself reconnects, every watched event is checked the same way.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('LiveService');
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly pending = new Map<string, { kinds: Set<string>; timer: NodeJS.Timeout }>();
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

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
    for (const set of this.streams.values()) for (const s of set) s.end();
    this.streams.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** True while the listener is connected (health, tests). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** The event's data version: changes whenever anything its public pages show changes; null if no such event. */
  async version(eventId: string): Promise<string | null> {
    const f = await eventDataVersion(this.prisma, eventId);
    return f === null ? null : createHash('sha1').update(f).digest('base64url').slice(0, 20);
  }

  watch(eventId: string, stream: LiveStream): () => void {
    let set = this.streams.get(eventId);
    if (!set) this.streams.set(eventId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(eventId) === set) this.streams.delete(eventId);
    };
  }

  /** The SSE frame announcing a change (kinds: what changed, `catch-up` when missed while away). */
  static frame(version: string, kinds: string[]): string {
    return `id: ${version}\nevent: change\ndata: ${JSON.stringify({ version, kinds })}\n\n`;
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
    if (!this.streams.has(message.eventId)) return; // nobody here watches it
    this.schedule(message.eventId, typeof message.kind === 'string' ? message.kind : 'change');
  }

  private schedule(eventId: string, kind: string): void {
    const pending = this.pending.get(eventId);
    if (pending) {
      pending.kinds.add(kind);
      return;
    }
    const timer = setTimeout(() => void this.flush(eventId), COALESCE_MS);
    this.pending.set(eventId, { kinds: new Set([kind]), timer });
  }

  private async flush(eventId: string): Promise<void> {
    const pending = this.pending.get(eventId);
    this.pending.delete(eventId);
    const streams = this.streams.get(eventId);
    if (!pending || !streams || streams.size === 0) return;
    try {
      const version = await this.version(eventId);
      if (version === null) return;
      const frame = LiveService.frame(version, [...pending.kinds]);
      for (const s of streams) s.send(frame);
    } catch (e) {
      this.log.warn(`live push for ${eventId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
