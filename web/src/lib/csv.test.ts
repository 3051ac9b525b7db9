import { describe, expect, it } from '@jest/globals';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every cell, numbers and empty ones included', async () => {
    expect(await toCsv(['Name', 'Visits'], [['Alpha', 12], [null, undefined]])).toBe('"Name","Visits"\r\n"Alpha","12"\r\n"",""\r\n');
  });

  it('doubles quotes and keeps commas and line breaks inside the quoted cell', async () => {
    expect(await toCsv(['A'], [['say "hi", then\nleave']])).toBe('"A"\r\n"say ""hi"", then\nleave"\r\n');
  });

  it('writes just the header for no rows', async () => {
    expect(await toCsv(['A'], [])).toBe('"A"\r\n');
  });

  it.each([
    ["=cmd|'/c calc'!A1", `"'=cmd|'/c calc'!A1"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3+cmd|x', `"'-2+3+cmd|x"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['＝1+1', `"'＝1+1"`],
  ])('neutralises a visitor-controlled formula %j with a leading quote', async (hostile, cell) => {
    expect(await toCsv(['Name'], [[hostile]])).toBe(`"Name"\r\n${cell}\r\n`);
  });

  it('leaves figures, negative ones included, as figures', async () => {
    expect(await toCsv(['Profit', 'ROI', 'Visits'], [['-12.50', '-3.1', -4]])).toBe('"Profit","ROI","Visits"\r\n"-12.50","-3.1","-4"\r\n');
  });

  it('leaves ordinary text that merely contains the characters alone', async () => {
    expect(await toCsv(['Name'], [['Spring = Sale @ 50% - off']])).toBe('"Name"\r\n"Spring = Sale @ 50% - off"\r\n');
  });
});
