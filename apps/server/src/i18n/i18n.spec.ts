import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseLanguage, isMessageKey, toTraditional, translate, translateKey, withTraditional } from './i18n';

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

describe('Traditional Chinese (zh-Hant, issue 21)', () => {
  it('derives every message from the Simplified text, with the xiangqi world’s 台', () => {
    expect(translate('standings', 'zh-Hant')).toBe('排名');
    expect(translate('teamReport', 'zh-Hant')).toBe('團體成績');
    expect(translate('board', 'zh-Hant')).toBe('台次');
    expect(translate('round', 'zh-Hant', { n: 3 })).toBe('第 3 輪');
    expect(toTraditional('中国香港队')).toBe('中國香港隊');
  });

  it('gives the staff pages’ word objects a Traditional copy', () => {
    const words = withTraditional({ zh: { a: '对阵', nested: { b: '红方' } }, en: { a: 'Pairings', nested: { b: 'Red' } } });
    expect(words['zh-Hant']).toEqual({ a: '對陣', nested: { b: '紅方' } });
  });

  it('knows every key a template asks for ({{t "…"}} in apps/server/views)', () => {
    const views = join(__dirname, '..', '..', 'views');
    const missing: string[] = [];
    for (const file of readdirSync(views, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.hbs')) continue;
      for (const m of readFileSync(join(views, file), 'utf8').matchAll(/\{\{t "([^"]+)"/g)) if (!isMessageKey(m[1])) missing.push(`${file}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });
});
