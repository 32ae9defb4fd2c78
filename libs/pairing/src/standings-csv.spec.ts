import { csvCell } from './standings-report';

// Issue 23 #8: CSV injection — cells a spreadsheet would run as a formula come out inert.
describe('csvCell', () => {
  test.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+SUM(1,1)', `"'+SUM(1,1)"`],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['=6', "'=6"],
    ['\tx', "'\tx"],
    ['赵鑫鑫', '赵鑫鑫'],
    ['a,b', '"a,b"'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('keeps numbers, negative ones too', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(6)).toBe('6');
  });
});
