/**
 * Live pages (issues 12, 24, 29 #5) — the one live client, for strangers and the signed-in alike.
 * An element with `data-live-stream` names its event's Server-Sent Events (live/live.controller.ts):
 * - the public pages' <main> (layouts/main.hbs) asks with `?page=` for its own frames: each `change`
 *   carries the page's new <main>, rendered once on the server for every viewer, swapped in here,
 *   and once this page holds a frame, a `patch` carries only the lines that changed since it;
 * - an element with `data-live-select` (the console's missing results) hears the JSON announcement
 *   and fetches its page again, swapping in only what that selector picks.
 * When the server refuses the stream (429/503: too many from this address or in all) or the
 * browser has no EventSource, the page asks for itself now and then with If-None-Match (its ETag):
 * 304 while nothing changed. Without any script the page is complete; reloading shows the news.
 */
import { applyPatch } from './lib/page-patch';

const POLL_MS = 20_000;

const script = document.currentScript;
const english = script?.getAttribute('data-lang') === 'en';
const status = document.getElementById('live-status');

function setLive(state: 'on' | 'polling' | 'reconnecting'): void {
  document.body.setAttribute('data-live', state);
}

function updated(version: string): void {
  if (version) document.body.setAttribute('data-live-version', version);
  const time = new Date().toTimeString().slice(0, 8);
  if (status) status.textContent = `${english ? 'Updated ' : '已更新 '}${time}`;
}

/** One live element: its stream, and the polling it falls back to. */
function watch(element: HTMLElement): void {
  const select = element.getAttribute('data-live-select');
  let etag = element.getAttribute('data-etag') ?? '';
  let source: EventSource | null = null;
  let poller: number | null = null;
  let polls = 0;
  /** The text of the last page frame this element got, and its id: what the next `patch` frame applies to. */
  let text: string | null = null;
  let textId = '';

  /** The page again (conditionally, when it carries an ETag): the element's part of it swapped in. */
  async function refetch(): Promise<void> {
    try {
      const headers: Record<string, string> = { Accept: 'text/html' };
      if (etag) headers['If-None-Match'] = etag;
      const r = await fetch(location.href, { headers, credentials: 'same-origin', cache: 'no-store' });
      if (r.status === 304 || !r.ok) return;
      etag = r.headers.get('ETag') ?? etag;
      const fresh = new DOMParser().parseFromString(await r.text(), 'text/html').querySelector(select ?? 'main');
      if (!fresh) return;
      if (select) element.querySelector(select)?.replaceWith(fresh);
      else element.innerHTML = fresh.innerHTML;
      updated(/^W\/"([^."]+)\./.exec(etag)?.[1] ?? '');
    } catch {
      // the next poll or frame tries again
    }
  }

  function poll(): void {
    if (poller !== null) return;
    setLive('polling');
    poller = window.setInterval(
      () => {
        void refetch();
        // Now and then the stream again: the crowd that filled it may have gone.
        if (++polls % 15 === 0) connect();
      },
      POLL_MS + Math.floor(Math.random() * 5000),
    );
  }

  function stopPolling(): void {
    if (poller !== null) window.clearInterval(poller);
    poller = null;
  }

  function connect(): void {
    if (!('EventSource' in window)) {
      poll();
      return;
    }
    source?.close();
    const s = new EventSource(element.getAttribute('data-live-stream')!);
    source = s;
    s.addEventListener('hello', () => {
      stopPolling();
      setLive('on');
    });
    s.addEventListener('change', (e) => {
      stopPolling();
      setLive('on');
      const frame = e as MessageEvent<string>;
      // A JSON announcement (no page of its own): fetch the page; else the frame is the new <main>.
      if (select || frame.data.startsWith('{')) void refetch();
      else {
        element.innerHTML = frame.data;
        text = frame.data;
        textId = frame.lastEventId;
        updated(frame.lastEventId);
      }
    });
    // Only the lines that changed since the frame this element holds (live/page-patch.ts).
    s.addEventListener('patch', (e) => {
      stopPolling();
      setLive('on');
      const frame = e as MessageEvent<string>;
      let next: string | null = null;
      try {
        const patch = JSON.parse(frame.data) as { base: string; splices: [number, number, string[]][] };
        if (text !== null && patch.base === textId) next = applyPatch(text, patch.splices);
      } catch {
        next = null;
      }
      if (next === null) {
        // Not the frame it patches (cannot happen on one stream, but never show a wrong page): the
        // page again, and a new stream, which starts with a whole frame.
        text = null;
        void refetch();
        connect();
        return;
      }
      element.innerHTML = next;
      text = next;
      textId = frame.lastEventId;
      updated(frame.lastEventId);
    });
    s.addEventListener('refetch', () => void refetch());
    s.onerror = () => {
      // CLOSED: the server answered otherwise than with a stream (429/503) — poll. Else it reconnects by itself.
      if (s.readyState === EventSource.CLOSED) poll();
      else setLive('reconnecting');
    };
  }

  connect();
  window.addEventListener('pagehide', () => {
    source?.close();
    stopPolling();
  });
}

for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-live-stream]'))) watch(element);
