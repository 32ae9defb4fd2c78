/**
 * When a withdrawal entered by mistake may be undone (issue 20, our rule): until the next round is
 * paired. A round numbered after the one the entry left after (draft or published) was paired
 * without it, or wrote its unplayed games as forfeits (二章7节3–4); from then on the withdrawal
 * stands, and a draft round must be deleted first. Pure: the caller turns the reason into a 409.
 */
export function undoWithdrawalRefusal(
  entry: { status: 'active' | 'withdrawn'; withdrawnAfterRound: number | null },
  rounds: readonly { number: number; state: string }[],
): string | undefined {
  if (entry.status !== 'withdrawn') return 'the entry is not withdrawn';
  const after = entry.withdrawnAfterRound ?? 0;
  const later = rounds.filter((r) => r.number > after).sort((a, b) => a.number - b.number)[0];
  if (later)
    return later.state === 'draft'
      ? `round ${later.number} is paired (draft) since the withdrawal: delete that draft first, then undo`
      : `round ${later.number} was paired after the entry left: the withdrawal stands (二章7节3–4)`;
  return undefined;
}
