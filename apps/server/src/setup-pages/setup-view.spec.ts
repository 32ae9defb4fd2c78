import { unplacedErrors } from './setup-view';

describe('unplacedErrors (issue 30 #5): a refusal the form cannot place names its part, never the raw path', () => {
  const form = {
    values: {},
    errors: { nameZh: '不能为空', 'stages.1.type': '淘汰赛之后不能再设阶段', 'timeControl.stages.1': '本项目只有 1 个阶段', other: '有误' },
  };
  const label = (field: string) => (field.startsWith('stages') ? '赛制' : field.startsWith('timeControl') ? '对局时限' : undefined);

  it('leads with the label where the form knows it, else shows the reason alone', () => {
    expect(unplacedErrors(form, ['nameZh'], label, 'zh')).toEqual(['赛制：淘汰赛之后不能再设阶段', '对局时限：本项目只有 1 个阶段', '有误']);
  });

  it('uses the English separator on English pages', () => {
    const en = { values: {}, errors: { 'stages.0.type': 'not a stage type' } };
    expect(unplacedErrors(en, [], () => 'Format', 'en')).toEqual(['Format: not a stage type']);
  });
});
