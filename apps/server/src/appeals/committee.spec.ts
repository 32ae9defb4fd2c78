import { committeeFor, decisionOf } from './committee';

const m = (userId: string, affiliationId: string | null = null) => ({ userId, displayName: userId, affiliationId });

describe('appeals committee (三章7A, 7D)', () => {
  it('no members: the chief arbiter’s ruling is final (三章4F)', () => {
    expect(committeeFor([], []).problem).toMatch(/三章4F/);
  });
  it('at least three and odd, after recusal', () => {
    expect(committeeFor([m('a'), m('b'), m('c')], []).canDecide).toBe(true);
    expect(committeeFor([m('a'), m('b'), m('c'), m('d')], []).problem).toMatch(/odd/);
    const recused = committeeFor([m('a', 'x'), m('b', 'y'), m('c'), m('d'), m('e')], ['x', 'y']);
    expect(recused.recused.map((r) => r.userId)).toEqual(['a', 'b']);
    expect(recused.canDecide).toBe(true);
    expect(committeeFor([m('a', 'x'), m('b', 'x'), m('c')], ['x']).problem).toMatch(/at least 3/);
  });
  it('majority of the sitting members decides; recused votes do not count; the uphold result by majority', () => {
    const c = committeeFor([m('a', 'x'), m('b'), m('c'), m('d')], ['x']);
    expect(c.majority).toBe(2);
    expect(decisionOf(c, [{ userId: 'a', choice: 'uphold' }, { userId: 'b', choice: 'uphold' }])).toBeNull();
    const d = decisionOf(c, [{ userId: 'b', choice: 'uphold', result: 'draw' }, { userId: 'c', choice: 'uphold', result: 'draw' }]);
    expect(d).toMatchObject({ choice: 'uphold', result: 'draw', tally: { uphold: 2, dismiss: 0 } });
    expect(decisionOf(c, [{ userId: 'b', choice: 'dismiss' }, { userId: 'd', choice: 'dismiss' }])!.choice).toBe('dismiss');
  });
});
