import { Entry, Game, GameResult, Pairing, Round, Tournament, TournamentOptions } from '@chuhe/tournament';

/**
 * Compact tournaments for the specs (not exported from index.ts).
 *
 * Individual rounds: "a-b 1, c-d =, e bye" — red-black result, where
 *   1 red wins · 0 black wins · = draw · + red wins by forfeit · - black wins by forfeit ·
 *   ! double forfeit · p red wins by penalty · q black wins by penalty · x annulled · ? unfinished.
 * Two-game pairings: "a-b 1=" — one character per game; game 2 swaps colours, and its character
 *   is from game 2's red side (= the pairing's black entry).
 */
const CODES: Record<string, GameResult | null> = {
  '1': 'red_win',
  '0': 'black_win',
  '=': 'draw',
  '+': 'red_win_forfeit',
  '-': 'black_win_forfeit',
  '!': 'double_forfeit',
  p: 'red_win_penalty',
  q: 'black_win_penalty',
  x: 'annulled',
  '?': null,
};

export function parseRound(spec: string, round: number): Round {
  const r: Round = { round, pairings: [], byes: [] };
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [who, res] = part.split(/\s+/);
    if (res === 'bye') {
      r.byes.push(who);
      continue;
    }
    const [red, black] = who.split('-');
    const games: Game[] = [...res].map((ch, k) => {
      if (!(ch in CODES)) throw new Error(`bad result '${ch}' in '${part}'`);
      return k % 2 === 0 ? { red, black, result: CODES[ch], board: k + 1 } : { red: black, black: red, result: CODES[ch], board: k + 1 };
    });
    if (games.length === 1) delete games[0].board;
    r.pairings.push({ red, black, games });
  }
  return r;
}

export function individual(ids: string[], rounds: string[], options: Partial<TournamentOptions> = {}): Tournament {
  return {
    options: { eventKind: 'individual', scoring: '2-1-0', gamesPerPairing: 1, boards: 1, ...options },
    entries: ids.map((id, i) => ({ id, drawNumber: i + 1 })),
    rounds: rounds.map((s, i) => parseRound(s, i + 1)),
  };
}

/**
 * Team rounds: "A-B wdl, C bye" — one character per board, from the first-listed team's view:
 *   w win · d draw · l loss · W forfeit win · L forfeit loss · ! double forfeit · x annulled.
 * Board k: the first-listed team has Red on odd boards, Black on even ones (附录1 #9: board 1 decides).
 * Two games per board: "A-B ww/dl/ld" — boards separated by '/', game 2 swaps colours.
 * A reserve plays with "A-B wdl A4@2" (member A4 on board 2 for team A).
 */
export function team(ids: string[], rounds: string[], options: Partial<TournamentOptions> = {}): Tournament {
  const boards = options.boards ?? 3;
  const entries: Entry[] = ids.map((id, i) => ({
    id,
    drawNumber: i + 1,
    members: [...Array.from({ length: boards }, (_, b) => ({ id: `${id}${b + 1}`, board: b + 1 })), { id: `${id}${boards + 1}` }],
  }));
  const gamesPerPairing = options.gamesPerPairing ?? 1;
  return {
    options: { eventKind: 'team', scoring: '2-1-0', gamesPerPairing, boards, ...options },
    entries,
    rounds: rounds.map((spec, ri) => {
      const r: Round = { round: ri + 1, pairings: [], byes: [] };
      for (const part of spec
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [who, res, ...subs] = part.split(/\s+/);
        if (res === 'bye') {
          r.byes.push(who);
          continue;
        }
        const [a, b] = who.split('-');
        const player = (t: string, board: number): string => {
          const sub = subs.find((s) => s.startsWith(t) && s.endsWith(`@${board}`));
          return sub ? sub.split('@')[0] : `${t}${board}`;
        };
        const perBoard = gamesPerPairing === 2 ? res.split('/') : [...res];
        const games: Game[] = [];
        perBoard.forEach((chars, bi) => {
          const board = bi + 1;
          [...chars].forEach((ch, k) => {
            const aRed = (board % 2 === 1) !== (k === 1);
            games.push({
              red: aRed ? player(a, board) : player(b, board),
              black: aRed ? player(b, board) : player(a, board),
              result: teamCode(ch, aRed),
              board,
              // 二章5节4: the board's second game, as the server's file writes it (leg 1 is left out).
              ...(k === 1 && { leg: 2 }),
            });
          });
        });
        const pairing: Pairing = { red: a, black: b, games };
        r.pairings.push(pairing);
      }
      return r;
    }),
  };
}

function teamCode(ch: string, aRed: boolean): GameResult {
  const win = (forA: boolean): GameResult => (forA === aRed ? 'red_win' : 'black_win');
  const forfeit = (forA: boolean): GameResult => (forA === aRed ? 'red_win_forfeit' : 'black_win_forfeit');
  switch (ch) {
    case 'w':
      return win(true);
    case 'l':
      return win(false);
    case 'd':
      return 'draw';
    case 'W':
      return forfeit(true);
    case 'L':
      return forfeit(false);
    case '!':
      return 'double_forfeit';
    case 'x':
      return 'annulled';
    default:
      throw new Error(`bad team result '${ch}'`);
  }
}
