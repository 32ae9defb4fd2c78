import { appealFeeCurrency } from './appeal-fee';

describe('the appeal fee currency of a new event (issue 30 #6)', () => {
  it('a tournament in China pays in CNY, one in Singapore in SGD, Hong Kong in HKD', () => {
    expect(appealFeeCurrency('Asia/Shanghai', undefined)).toBe('CNY');
    expect(appealFeeCurrency('Asia/Singapore', undefined)).toBe('SGD');
    expect(appealFeeCurrency('Asia/Hong_Kong', null)).toBe('HKD');
  });

  it("the tournament's own fee currency first; an unknown place is CNY", () => {
    expect(appealFeeCurrency('Asia/Shanghai', 'MYR')).toBe('MYR');
    expect(appealFeeCurrency('Europe/Paris', undefined)).toBe('CNY');
  });
});
