// The player's own page (issue 32 #2): registers the service worker that keeps the page for when
// the venue's network drops (/p/sw.js, see player-pages/service-worker.ts), adds the web app
// manifest, says when the page shown is a saved copy, and follows the events' live streams (the
// mechanism of the public pages, apps/server/src/live): on a change it fetches this page again
// and swaps the content in, so a published round's pairing appears without a reload.

function start(): void {
  const root = document.getElementById('my-page');
  if (!root) return;
  const manifest = root.dataset.manifest;
  if (manifest) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = manifest;
    document.head.appendChild(link);
  }
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/p/sw.js', { scope: '/p/' }).catch(() => undefined);
  showOffline();

  const events = (root.dataset.liveEvents ?? '').split(' ').filter(Boolean);
  if (!events.length || typeof EventSource === 'undefined') return;
  let refreshing = false;
  const refresh = async () => {
    if (refreshing) return;
    refreshing = true;
    try {
      const response = await fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) return;
      const html = await response.text();
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const fresh = doc.getElementById('my-page');
      const current = document.getElementById('my-page');
      if (fresh && current) {
        current.innerHTML = fresh.innerHTML;
        showOffline();
      }
    } catch {
      // Offline: the page stays as it is; the stream reconnects by itself.
    } finally {
      refreshing = false;
    }
  };
  for (const id of events) {
    const source = new EventSource(`/api/events/${id}/live`);
    source.addEventListener('change', () => void refresh());
  }
}

/** The saved copy the service worker served (data-offline-at filled in): say from when. */
function showOffline(): void {
  const note = document.querySelector<HTMLElement>('#my-page .offline-note');
  const at = note?.dataset.offlineAt;
  if (!note || !at) return;
  const time = new Date(at);
  note.textContent = (note.dataset.template ?? '{time}').replace(
    '{time}',
    `${time.toLocaleDateString()} ${time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`,
  );
  note.hidden = false;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
