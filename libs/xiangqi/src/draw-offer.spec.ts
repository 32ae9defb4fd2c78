import { checkDrawOffer } from './draw-offer';

describe('draw offers (三章6I, 二章9节5)', () => {
  it('after one’s own move: Red at an odd ply, Black at an even one — no warning', () => {
    expect(checkDrawOffer({ side: 'red', playerId: 'r', ply: 21 })).toMatchObject({ outOfTurn: false, warnings: [] });
    expect(checkDrawOffer({ side: 'black', playerId: 'b', ply: 22 })).toMatchObject({ outOfTurn: false, warnings: [] });
  });
  it('after the opponent’s move, before one’s own: flagged (issue 22)', () => {
    const red = checkDrawOffer({ side: 'red', playerId: 'r', ply: 22 });
    expect(red.outOfTurn).toBe(true);
    expect(red.warnings.join(' ')).toMatch(/三章6I/);
    expect(checkDrawOffer({ side: 'black', playerId: 'b', ply: 21 }).outOfTurn).toBe(true);
    expect(checkDrawOffer({ side: 'red', playerId: 'r', ply: 0 }).outOfTurn).toBe(true);
  });
  it('again after a refusal: repeated; unknown ply: only that is checked', () => {
    const again = checkDrawOffer({ side: 'red', playerId: 'r', ply: 23 }, { playerId: 'r', response: 'declined' });
    expect(again).toMatchObject({ repeated: true, outOfTurn: false });
    expect(checkDrawOffer({ side: 'red', playerId: 'r' }, null)).toMatchObject({ repeated: false, outOfTurn: false });
  });
});
