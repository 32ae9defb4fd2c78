/**
 * The PostgreSQL channel every server instance LISTENs on (live.service.ts). Nothing in the
 * application NOTIFYs it by hand: the trigger on EventChange (migration event_change_notify) does,
 * for every statement that changes what an event's pages show — so no write can forget to tell the
 * viewers, and a rolled-back one never does (NOTIFY is delivered at commit).
 */
export const LIVE_CHANNEL = 'chuhe_event_change';

/** What changed: the EventChange part (play/event-version.ts), or `catch-up` when missed while away. */
export type LiveKind = 'event' | 'entries' | 'rounds' | 'games' | 'sanctions' | 'catch-up';
