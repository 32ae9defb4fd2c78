import { checkSealedMove } from './adjournment';

const START_RED = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const AFTER_RED = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1';

describe('the sealed move (二章2节4, 三章6K 由执红子方赛员写暗着)', () => {
  it('Red to move: Red seals a legal move', () => {
    expect(checkSealedMove(START_RED, '炮二平五')).toMatchObject({ ok: true });
  });
  it('Black to move: refused, naming the diagram — Black never seals', () => {
    const r = checkSealedMove(AFTER_RED, '马8进7');
    expect(r).toMatchObject({ ok: false, field: 'fen' });
    expect(!r.ok && r.reason).toMatch(/Red seals/);
  });
  it('an illegal sealed move names the move', () => {
    expect(checkSealedMove(START_RED, 'h2h8')).toMatchObject({ ok: false, field: 'sealedMove' });
  });
});
