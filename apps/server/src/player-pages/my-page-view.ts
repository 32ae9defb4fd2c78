import { formatDateTime } from '../pages/event-pages';
import { chineseIn, translate, type Language } from '../i18n/i18n';
import { nameOf } from '../staff-pages/staff-view';
import type { HolderView, MyGame } from './player-view.service';
import { clock } from '../i18n/words';

interface Named {
  nameZh: string;
  nameEn: string;
}

const named = (n: Named | null | undefined, lang: Language) => (n ? nameOf({ nameZh: chineseIn(lang, n.nameZh), nameEn: n.nameEn }, lang) : '');

/** The holder's page as the template reads it, in the page's language. */
export function myPageContext(view: HolderView, lang: Language, links: { calendar: string | null; base: string }) {
  const tz = view.tournament.timeZone;
  const game = (g: MyGame) => ({
    round: translate('venue.round', lang, { n: g.round }),
    time: formatDateTime(g.scheduledAt, tz, lang),
    table: g.table === null ? '' : String(g.table),
    board: g.board === null ? '' : String(g.board),
    bye: g.bye,
    colour: g.colour,
    colourLabel: g.colour ? translate(g.colour === 'red' ? 'venue.red' : 'venue.black', lang) : '',
    opponent: named(g.opponent, lang),
    opponentTeam: named(g.opponentTeam, lang),
    lineupHidden: g.lineupHidden,
    outcome: translate(`venue.outcome.${g.outcome}`, lang),
    done: g.result !== null || g.bye,
    gameHref: g.gameId && view.tournament.published && g.opponent ? `/games/${g.gameId}` : null,
  });
  return {
    holderName: nameOf({ nameZh: chineseIn(lang, view.name.nameZh), nameEn: view.name.nameEn }, lang),
    unit: named(view.unit, lang),
    tournamentName: named(view.tournament, lang),
    kindLabel: translate(`venue.kind.${view.kind === 'player' || view.kind === 'captain' || view.kind === 'delegate' ? view.kind : 'staff'}`, lang),
    isPlayer: !!view.playerId,
    staffNote: !view.playerId && view.kind !== 'captain',
    calendarHref: links.calendar,
    events: view.events.map((e) => ({
      eventId: e.event.id,
      name: named(e.event, lang),
      team: named(e.team, lang),
      drawNumber: e.drawNumber === null ? translate('venue.notDrawn', lang) : translate('venue.drawNumber', lang, { n: e.drawNumber }),
      checkedIn: e.checkedInAt ? translate('venue.checkedInAt', lang, { time: clock(e.checkedInAt, tz) }) : null,
      next: e.next ? game(e.next) : null,
      results: e.games.filter((g) => g.result !== null || g.bye).map(game),
      place: e.place ? translate('venue.placeOf', lang, e.place) : null,
      standingsHref: view.tournament.published ? `/events/${e.event.id}/standings` : null,
    })),
    captain: view.captain
      ? {
          team: named(view.captain.team, lang),
          round: view.captain.round === null ? null : translate('venue.round', lang, { n: view.captain.round }),
          state: view.captain.submittedAt
            ? translate('venue.lineupIn', lang, { time: clock(view.captain.submittedAt, tz) })
            : translate('venue.lineupMissing', lang),
          submitted: !!view.captain.submittedAt,
          lineupHref: view.captain.pairingId ? `/pairings/${view.captain.pairingId}/lineup` : null,
        }
      : null,
  };
}
