import { committeeFor, decisionOf, EVEN_PANEL_TIE_RULE } from './committee';

const m = (userId: string, affiliationId: string | null = null) => ({ userId, displayName: userId, affiliationId });

describe('appeals committee (三章7A, 7D)', () => {
  it('no members: the chief arbiter’s ruling is final (三章4F)', () => {
    expect(committeeFor([], []).problem).toMatch(/三章4F/);
  });
  it('at least three sit (a requirement); recused members do not', () => {
    expect(committeeFor([m('a'), m('b'), m('c')], []).canDecide).toBe(true);
    const recused = committeeFor([m('a', 'x'), m('b', 'y'), m('c'), m('d'), m('e')], ['x', 'y']);
    expect(recused.recused.map((r) => r.userId)).toEqual(['a', 'b']);
    expect(recused.canDecide).toBe(true);
    expect(committeeFor([m('a', 'x'), m('b', 'x'), m('c')], ['x']).problem).toMatch(/at least 3/);
  });
  it('以单数为适合 is a preference: five members, one recused — the four sit and decide (issue 22)', () => {
    const c = committeeFor([m('a', 'x'), m('b'), m('c'), m('d'), m('e')], ['x']);
    expect(c.sitting).toHaveLength(4);
    expect(c.canDecide).toBe(true);
    expect(c.majority).toBe(3);
    // 3 of 4: a majority.
    expect(
      decisionOf(
        c,
        ['b', 'c', 'd'].map((userId) => ({ userId, choice: 'uphold' as const, result: 'draw' })),
      ),
    ).toMatchObject({ choice: 'uphold', result: 'draw' });
    // 2–1 with one still to vote: no decision yet.
    expect(
      decisionOf(c, [
        { userId: 'b', choice: 'uphold' },
        { userId: 'c', choice: 'uphold' },
        { userId: 'd', choice: 'dismiss' },
      ]),
    ).toBeNull();
    // 2–2: the tie rule — the ruling stands (dismissed), said so.
    const tie = decisionOf(c, [
      { userId: 'b', choice: 'uphold', result: 'draw' },
      { userId: 'c', choice: 'uphold', result: 'draw' },
      { userId: 'd', choice: 'dismiss' },
      { userId: 'e', choice: 'dismiss' },
    ]);
    expect(tie).toMatchObject({ choice: 'dismiss', result: null, tally: { uphold: 2, dismiss: 2 } });
    expect(tie!.tie).toMatch(/三章7A/);
  });
  it('the tie rule is one documented rule, stated with the committee whenever the sitting panel is even — not a hidden event setting', () => {
    expect(committeeFor([m('a'), m('b'), m('c'), m('d')], []).tieRule).toBe(EVEN_PANEL_TIE_RULE);
    expect(EVEN_PANEL_TIE_RULE).toMatch(/三章7A/);
    expect(EVEN_PANEL_TIE_RULE).toMatch(/三章7C/);
    expect(committeeFor([m('a'), m('b'), m('c')], []).tieRule).toBeNull();
    // Too few to sit: no tie rule to state.
    expect(committeeFor([m('a', 'x'), m('b', 'x'), m('c'), m('d')], ['x']).tieRule).toBeNull();
    // An odd panel never ties: all voted, no majority is impossible, so decisionOf has no tie there.
    const odd = committeeFor([m('a'), m('b'), m('c')], []);
    expect(
      decisionOf(odd, [
        { userId: 'a', choice: 'uphold' },
        { userId: 'b', choice: 'dismiss' },
      ]),
    ).toBeNull();
  });
  it('majority of the sitting members decides; recused votes do not count; the uphold result by majority', () => {
    const c = committeeFor([m('a', 'x'), m('b'), m('c'), m('d')], ['x']);
    expect(c.majority).toBe(2);
    expect(
      decisionOf(c, [
        { userId: 'a', choice: 'uphold' },
        { userId: 'b', choice: 'uphold' },
      ]),
    ).toBeNull();
    const d = decisionOf(c, [
      { userId: 'b', choice: 'uphold', result: 'draw' },
      { userId: 'c', choice: 'uphold', result: 'draw' },
    ]);
    expect(d).toMatchObject({ choice: 'uphold', result: 'draw', tally: { uphold: 2, dismiss: 0 } });
    expect(
      decisionOf(c, [
        { userId: 'b', choice: 'dismiss' },
        { userId: 'd', choice: 'dismiss' },
      ])!.choice,
    ).toBe('dismiss');
  });
});
