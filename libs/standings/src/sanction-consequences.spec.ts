import { SANCTION_KINDS } from './sanctions';
import {
  adjournmentNoShowResult,
  CHIEF_CONFIRMS,
  COLLUSION_ARTICLE,
  needsChiefConfirmation,
  overrideArticle,
  PENALTY_ARTICLES,
  SANCTION_ARTICLES,
  sanctionArticle,
} from './sanction-consequences';

describe('sanction consequence tables (二章8节, 二章9节, 一章3节, 三章6K/6M)', () => {
  it('every sanction kind rests on an article', () => {
    for (const kind of SANCTION_KINDS) expect(SANCTION_ARTICLES[kind]).toMatch(/[一二三]章/);
  });

  it('a technical foul names its own article when its detail is a known code; free text keeps the kind’s', () => {
    expect(sanctionArticle('technical_foul', 'touch_move')).toBe('一章3节2');
    expect(sanctionArticle('technical_foul', 'knocked over the clock')).toBe(SANCTION_ARTICLES.technical_foul);
    expect(sanctionArticle('device', 'touch_move')).toBe('二章8节10');
    expect(sanctionArticle('no_such_kind')).toBeNull();
  });

  it('the misconduct ladder and collusion wait for the chief arbiter (三章6M); fouls at the board do not (三章6F)', () => {
    expect(CHIEF_CONFIRMS).toEqual(['misconduct', 'collusion']);
    expect(needsChiefConfirmation('collusion')).toBe(true);
    expect(needsChiefConfirmation('technical_foul')).toBe(false);
  });

  it('the article of a result a sanction gives: collusion annuls (二章8节3), a penalty names its rule', () => {
    expect(overrideArticle({ result: 'annulled' })).toBe(COLLUSION_ARTICLE);
    expect(overrideArticle({ result: 'black_win_penalty', penaltyReason: 'technical_fouls' })).toBe('一章3节6: 技术犯规两次判负');
    expect(overrideArticle({ result: 'red_win_penalty', penaltyReason: 'warning_ladder' })).toBe(PENALTY_ARTICLES.warning_ladder);
    expect(overrideArticle({ result: 'red_win_penalty', penaltyReason: 'other' })).toBe('sanctions');
  });

  it('三章6K: more than 15 minutes late for the resumption (or absent) forfeits; within the grace, nothing', () => {
    expect(adjournmentNoShowResult('red', null)).toEqual({ result: 'black_win_forfeit', article: '三章6K: 逾时十五分钟不到作弃权论' });
    expect(adjournmentNoShowResult('black', 16)).toEqual({ result: 'red_win_forfeit', article: '三章6K: 逾时十五分钟不到作弃权论' });
    expect(adjournmentNoShowResult('black', 15)).toBeNull();
    expect(adjournmentNoShowResult('red', 0)).toBeNull();
  });
});
