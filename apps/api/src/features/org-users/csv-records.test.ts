import { describe, expect, it } from 'vitest';
import { CsvReader, csvRecords, detectDelimiter } from './csv-records.ts';

const read = (text: string) => [...csvRecords(Buffer.from(text, 'utf8'))];

describe('csvRecords', () => {
  it('reads plain records with their line numbers', () => {
    expect(read('a,b,c\n1,2,3\n')).toEqual([
      { cells: ['a', 'b', 'c'], line: 1 },
      { cells: ['1', '2', '3'], line: 2 },
    ]);
  });

  it('reads the last record without a final line break, and CRLF or CR endings', () => {
    expect(read('a,b\r\n1,2\r3,4')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1', '2'], line: 2 },
      { cells: ['3', '4'], line: 3 },
    ]);
  });

  it('keeps delimiters, doubled quotes and line breaks inside quotes', () => {
    expect(read('name,note\n"Smith, Jo","said ""hi""\r\nthen left"\nnext,x\n')).toEqual([
      { cells: ['name', 'note'], line: 1 },
      { cells: ['Smith, Jo', 'said "hi"\r\nthen left'], line: 2 },
      { cells: ['next', 'x'], line: 4 },
    ]);
  });

  it('keeps empty cells and blank lines as records', () => {
    expect(read('a,,c\n\n,,\n')).toEqual([
      { cells: ['a', '', 'c'], line: 1 },
      { cells: [''], line: 2 },
      { cells: ['', '', ''], line: 3 },
    ]);
  });

  it('ignores a byte-order mark and decodes UTF-8 split across chunks', () => {
    const text = `\uFEFFfirst_name\n${'Zoë,'.repeat(40_000)}Ångström\n`;
    const records = read(text);
    expect(records[0]).toEqual({ cells: ['first_name'], line: 1 });
    expect(records[1]!.cells).toHaveLength(40_001);
    expect(records[1]!.cells.every((cell) => cell === 'Zoë' || cell === 'Ångström')).toBe(true);
  });

  it('reads semicolon-separated spreadsheet exports', () => {
    expect(read('a;b\n"1;2";3\n')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1;2', '3'], line: 2 },
    ]);
  });

  it('keeps formula-looking cells as the plain text they are', () => {
    expect(read('=1+2,"=HYPERLINK(""x"")",@SUM(A1)\n')[0]!.cells).toEqual([
      '=1+2',
      '=HYPERLINK("x")',
      '@SUM(A1)',
    ]);
  });
});

describe('CsvReader', () => {
  it('gives the same records whatever the chunk boundaries', () => {
    const text = 'a,"b ""q"" c"\r\n"x\ny",z\n';
    const whole = new CsvReader(',');
    const expected = [...whole.push(text), ...whole.end()];
    const split = new CsvReader(',');
    const got = [...text].flatMap((char) => split.push(char));
    expect([...got, ...split.end()]).toEqual(expected);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b;c', ','],
    ['a;b', ';'],
    ['a\tb', '\t'],
    ['single', ','],
  ])('%j -> %j', (line, delimiter) => {
    expect(detectDelimiter(line)).toBe(delimiter);
  });
});
