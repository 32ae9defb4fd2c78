/**
 * 三章1 报名办法: the registration window. The instants come from the regulations; `now` must be the
 * DATABASE's clock (SELECT now() in the transaction), so that every server instance judges a
 * deadline alike (issue 34: one clock).
 */
export type WindowState = 'not_open' | 'open' | 'closed';

export interface EntryWindow {
  opensAt: Date | null;
  closesAt: Date | null;
}

/** A missing bound is no bound: no opening time means open now, no closing time never closes. */
export function windowState(window: EntryWindow, now: Date): WindowState {
  if (window.opensAt && now.getTime() < window.opensAt.getTime()) return 'not_open';
  if (window.closesAt && now.getTime() >= window.closesAt.getTime()) return 'closed';
  return 'open';
}

/**
 * Who enters when (issue 31 #7): delegates and players only inside the window; outside it only the
 * organizer or chief arbiter, with a reason (a late entry, as before).
 */
export function mayEnter(state: WindowState, by: 'delegate' | 'self' | 'registrar', reason?: string | null): boolean {
  if (state === 'open') return true;
  return by === 'registrar' && !!reason?.trim();
}
