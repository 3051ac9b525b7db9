import { describe, expect, it } from '@jest/globals';
import { quoteCsvCell, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every cell, numbers and empty ones included', () => {
    expect(toCsv(['Name', 'Visits'], [['Alpha', 12], [null, undefined]])).toBe('"Name","Visits"\r\n"Alpha","12"\r\n"",""\r\n');
  });

  it('doubles quotes and keeps commas and line breaks inside the quoted cell', () => {
    expect(quoteCsvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });

  it('writes just the header for no rows', () => {
    expect(toCsv(['A'], [])).toBe('"A"\r\n');
  });
});
