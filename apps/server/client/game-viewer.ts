/// <reference lib="dom" />
/**
 * The public game viewer's keyboard (issue 25): ← → step through the moves, Home / End jump to
 * the start and the end. The page works without it: every position is a link (?ply=N).
 */
const KEYS: Record<string, string> = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement | null;
  if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
  const nav = KEYS[event.key];
  if (!nav) return;
  const link = document.querySelector<HTMLAnchorElement>(`a[data-nav="${nav}"]`);
  if (!link) return;
  event.preventDefault();
  window.location.href = link.href;
});
