import { fail, STANDINGS_ERROR_CODES } from '@chuhe/standings';
import { untranslatedWords } from '../i18n/untranslated';
import { standingsRefusal } from './standings-refusal';

describe('standingsRefusal (issue 30 #5): the 422 says in Chinese what the library found', () => {
  it('words each finding by its code, keeping the library text in English', () => {
    const refusal = standingsRefusal(fail('ambiguous_game', 'sanction matches 2 games; give game', 'sanctions[0]').error);
    expect(refusal.code).toBe('standings.ambiguous_game');
    expect(refusal.getStatus()).toBe(422);
    expect(refusal.wordsIn('zh')).toBe('成绩表无法计算：一项判罚对应多盘对局，须注明是哪一盘（二章5节4），请联系裁判长');
    expect(refusal.wordsIn('en')).toBe('standings: sanction matches 2 games; give game');
  });

  it('gives every library code Chinese words, and an unknown code the general refusal', () => {
    for (const code of STANDINGS_ERROR_CODES) {
      const words = standingsRefusal({ code, message: 'x' }).wordsIn('zh');
      expect(words).toMatch(/^成绩表无法计算：/);
      expect(untranslatedWords(words)).toEqual([]);
    }
    expect(standingsRefusal({ code: 'knockout_tied', message: 'x' }).code).toBe('standings.refused');
  });
});
