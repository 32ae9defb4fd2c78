import { ERROR_MESSAGES } from '../i18n/messages/errors';
import { untranslatedWords } from '../i18n/untranslated';
import { DomainError, ERROR_CODES } from './errors';

describe('domain errors', () => {
  it('every code has words in all three languages, and the Chinese words hold no English sentence', () => {
    for (const code of ERROR_CODES) {
      const error = new DomainError(code, { field: 'f', what: 'w', roles: 'organizer', reason: 'r' });
      expect(error.getStatus()).toBeGreaterThanOrEqual(400);
      for (const lang of ['zh', 'zh-Hant', 'en'] as const) expect(error.wordsIn(lang)).not.toMatch(/^error\./);
      // A Chinese page must not fall back to English words (issue 30 #5): no run of three English words.
      expect(error.wordsIn('zh')).not.toMatch(/[a-z]+ [a-z]+ [a-z]+/i);
      expect(error.wordsIn('zh-Hant')).not.toMatch(/[a-z]+ [a-z]+ [a-z]+/i);
    }
  });

  it('answers the API with the stable code, the English words and the field', () => {
    const error = new DomainError('entry.over_quota', { unit: 'Beijing', quota: 2, used: 2, event: 'Open' }, 'players');
    expect(error.toJson()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'entry.over_quota',
      message: 'Beijing has a quota of 2 in Open and has used 2 (附录2 #1)',
      field: 'players',
      errors: [{ field: 'players', reason: 'Beijing has a quota of 2 in Open and has used 2 (附录2 #1)', code: 'entry.over_quota' }],
      params: { unit: 'Beijing', quota: 2, used: 2, event: 'Open' },
    });
    expect(error.wordsIn('zh')).toBe('Beijing在Open的名额为 2，已用 2（附录2 #1）');
  });
});

describe('every refusal in Chinese has no untranslated word (issue 30 #5)', () => {
  it.each(ERROR_CODES)('%s', (code) => {
    const template = ERROR_MESSAGES[`error.${code}`].zh;
    // Each value the words take, given in Chinese: what is left in Latin letters is the template's own.
    const params = Object.fromEntries(Array.from(template.matchAll(/\{(\w+)\}/g), (m) => [m[1], '甲']));
    for (const lang of ['zh', 'zh-Hant'] as const) {
      expect({ code, lang, words: untranslatedWords(new DomainError(code, params).wordsIn(lang)) }).toEqual({ code, lang, words: [] });
    }
  });

  it('the check can fail: English words in a Chinese text are found, abbreviations and names pass', () => {
    expect(untranslatedWords('对手分 Buchholz (sum of opponents’ scores)')).toEqual(['Buchholz', 'sum', 'of', 'opponents', 'scores']);
    expect(untranslatedWords('导出 CSV、TRF；A. 对手分；h2e2；第 3 台', [])).toEqual([]);
    expect(untranslatedWords('Zhang Wei 胜', ['Zhang', 'Wei'])).toEqual([]);
  });
});
