import { ERROR_MESSAGES } from '../i18n/messages/errors';
import { toTraditional, translate } from '../i18n/i18n';
import { untranslatedWords } from '../i18n/untranslated';
import { HttpException } from '@nestjs/common';
import { IsIn, IsInt, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { DomainError, ERROR_CODES, problemWords } from './errors';
import { createValidationPipe } from './validation';

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

describe('values worded by the caller', () => {
  it('a …Zh value is Traditional on a zh-Hant page (the pairing library’s reason by its code)', () => {
    const reasonZh = translate('pairingError.no_valid_pairing', 'zh');
    const error = new DomainError('round.pairing_refused', { code: 'no_valid_pairing', detail: 'entries left unpaired', reasonZh, namedZh: '' });
    expect(error.wordsIn('zh')).toBe(`无法编排本轮：${reasonZh}`);
    expect(error.wordsIn('zh-Hant')).toBe(toTraditional(`无法编排本轮：${reasonZh}`));
    expect(error.wordsIn('zh-Hant')).not.toBe(error.wordsIn('zh'));
    expect(error.message).toBe('entries left unpaired');
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

describe('the validation pipe’s reasons carry codes, worded in the page’s language (issue 30 #5)', () => {
  class Probe {
    @IsInt()
    @Min(1)
    version!: number;

    @IsString()
    @MaxLength(5)
    name!: string;

    @IsIn(['slow', 'rapid'])
    kind!: string;

    @IsUUID()
    eventId!: string;
  }

  async function refusal(body: object): Promise<{ field: string; reason: string; code?: string; params?: Record<string, unknown> }[]> {
    const error = await createValidationPipe()
      .transform(body, { type: 'body', metatype: Probe, data: '' })
      .then(
        () => undefined,
        (e: unknown) => e as HttpException,
      );
    expect(error?.getStatus()).toBe(400);
    return (error!.getResponse() as { errors: [] }).errors;
  }

  it('each constraint kind has its code and the DTO’s argument; the English reason is kept', async () => {
    const errors = await refusal({ version: 0, name: 'too long', kind: 'blitz', extra: 1 });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'version', reason: 'version must not be less than 1', code: 'input.too_small', params: { min: '1' } },
        { field: 'name', reason: 'name must be shorter than or equal to 5 characters', code: 'input.too_long', params: { max: '5' } },
        { field: 'kind', reason: expect.stringContaining('must be one of the following values'), code: 'input.not_one_of', params: { values: 'slow、rapid' } },
        { field: 'eventId', reason: 'eventId is required', code: 'input.required' },
        { field: 'extra', reason: 'property extra should not exist', code: 'input.unknown_field' },
      ]),
    );
    const zh = errors.map((p) => problemWords(p, 'zh'));
    expect(zh).toEqual(expect.arrayContaining(['version：不能小于 1', 'name：至多 5 个字符', 'kind：须为以下之一：slow、rapid', 'eventId：必须填写']));
    for (const words of zh) expect(untranslatedWords(words!, ['version', 'name', 'kind', 'eventId', 'extra', 'slow', 'rapid'])).toEqual([]);
    expect(errors.map((p) => problemWords(p, 'en'))).toEqual(errors.map((p) => p.reason));
  });

  it('the input checks before class-validator are coded too (NUL, depth, null)', async () => {
    const errors = await refusal({ version: 1, name: 'a\u0000', kind: 'slow', eventId: null });
    expect(errors).toEqual([{ field: 'name', reason: 'must not contain the NUL character', code: 'input.nul_character' }]);
    expect(problemWords(errors[0], 'zh-Hant')).toMatch(/^name：不能含有空字[符元]$/);
  });
});
