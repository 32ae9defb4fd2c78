import { chainView, EVENT_PRESETS, presetKind, presetOf, presetStages } from './event-presets';
import { eventFormatProblems } from '@chuhe/pairing';
import { defaultTieBreaks } from './tie-breaks';

describe('event presets (二章1节3, 附录2–3)', () => {
  const numbers = { rounds: 9, groups: 4, qualifiers: 8 };
  it.each(EVENT_PRESETS)('%s gives stages the API accepts, and is read back from them', (preset) => {
    const kind = presetKind(preset);
    const stages = presetStages(preset, numbers);
    expect(eventFormatProblems({ kind, stages })).toEqual([]);
    const back = presetOf(kind, stages);
    expect(back?.preset).toBe(preset);
    expect(presetStages(back!.preset, back!.numbers)).toEqual(stages);
  });

  it('leaves a missing number missing, for the API to name', () => {
    expect(eventFormatProblems({ kind: 'individual', stages: presetStages('individual_swiss', {}) }).map((p) => p.field)).toEqual(['stages.0.rounds']);
  });

  it('shows the chain with each step’s article: the prescribed one, else the criterion’s', () => {
    const swiss = presetStages('individual_swiss', numbers);
    const steps = chainView('individual', swiss, defaultTieBreaks('individual', swiss));
    expect(steps[0]).toEqual({ criterion: 'score', nameZh: '积分', english: expect.any(String), article: '二章6节3' });
    expect(steps[1]).toMatchObject({ criterion: 'opponentScore', nameZh: 'A. 对手分', article: '二章6节3 A' });
    expect(chainView('individual', swiss, ['sonnebornBerger'])[0]).toMatchObject({ nameZh: '小分', article: '二章6节2 A, 二章6节4 B' });
    expect(
      chainView('team', presetStages('team_swiss', numbers), defaultTieBreaks('team', presetStages('team_swiss', numbers))).map((s) => s.article),
    ).toContain('二章6节5 A');
  });
});
