import { DomainError } from '../common/errors';

/**
 * When a withdrawal entered by mistake may be undone (issue 20, our rule): until the next round is
 * paired. A round numbered after the one the entry left after (draft or published) was paired
 * without it, or wrote its unplayed games as forfeits (二章7节3–4); from then on the withdrawal
 * stands, and a draft round must be deleted first. Pure: the caller throws the refusal (409) or shows its words.
 */
export function undoWithdrawalRefusal(
  entry: { status: 'active' | 'withdrawn'; withdrawnAfterRound: number | null },
  rounds: readonly { number: number; state: string }[],
): DomainError | undefined {
  if (entry.status !== 'withdrawn') return new DomainError('entry.not_withdrawn');
  const after = entry.withdrawnAfterRound ?? 0;
  const later = rounds.filter((r) => r.number > after).sort((a, b) => a.number - b.number)[0];
  if (later) return new DomainError(later.state === 'draft' ? 'entry.undo_after_draft' : 'entry.undo_after_published', { round: later.number });
  return undefined;
}
