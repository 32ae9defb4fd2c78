import { chooseLanguage, translate, translateKey } from './i18n';

describe('chooseLanguage', () => {
  it.each([
    [undefined, undefined, 'zh'],
    ['en', 'zh-CN', 'en'],
    ['zh', 'en-US', 'zh'],
    [undefined, 'en-US,en;q=0.9,zh;q=0.8', 'en'],
    [undefined, 'zh-TW,zh;q=0.9,en;q=0.8', 'zh-Hant'],
    [undefined, 'zh-HK', 'zh-Hant'],
    ['zh-Hant', 'en', 'zh-Hant'],
    [undefined, 'zh-CN,zh-TW;q=0.5', 'zh'],
    [undefined, 'fr-FR,en;q=0.5', 'en'],
    [undefined, 'fr-FR', 'zh'],
    [undefined, 'zh;q=0.4,en;q=0.6', 'en'],
    ['de', undefined, 'zh'],
  ])('?lang=%s with Accept-Language %s → %s', (query, header, expected) => {
    expect(chooseLanguage(query, header)).toBe(expected);
  });

  it('translates known keys and echoes unknown ones', () => {
    expect(translate('entries', 'en')).toBe('Entries');
    expect(translate('entries', 'zh')).toBe('参赛名单');
    expect(translateKey('nope', 'en')).toBe('nope');
  });
});
