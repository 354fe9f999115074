import { describe, expect, it } from 'vitest';
import { BOM, csvCell, toCsv } from '../../src/domain/csv';

describe('CSV for Excel', () => {
  it('quotes what needs quoting and keeps Arabic as is', () => {
    expect(csvCell('أحمد محمد')).toBe('أحمد محمد');
    expect(csvCell('قال "نعم", ثم')).toBe('"قال ""نعم"", ثم"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses cells Excel would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+201001234567')).toBe(`"'+201001234567"`);
  });

  it('starts with the byte-order mark and ends lines with CRLF', () => {
    expect(toCsv(['الاسم', 'الرقم'], [['علي', 3]])).toBe(`${BOM}الاسم,الرقم\r\nعلي,3\r\n`);
  });
});
