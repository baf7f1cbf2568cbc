import { describe, expect, it } from 'vitest';
import { CsvFormatError, csvDelimiter, csvRecords, type CsvReadOptions } from './csv-records.ts';

async function read(text: string, options?: CsvReadOptions) {
  const records = [];
  for await (const record of csvRecords(Buffer.from(text, 'utf8'), options)) records.push(record);
  return records;
}

describe('csvRecords', () => {
  it('reads plain records with their line numbers', async () => {
    expect(await read('a,b,c\n1,2,3\n')).toEqual([
      { cells: ['a', 'b', 'c'], line: 1 },
      { cells: ['1', '2', '3'], line: 2 },
    ]);
  });

  it('reads the last record without a final line break, and CRLF or CR endings', async () => {
    expect(await read('a,b\r\n1,2\r3,4')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1', '2'], line: 2 },
      { cells: ['3', '4'], line: 3 },
    ]);
  });

  it('keeps delimiters, doubled quotes and line breaks inside quotes', async () => {
    expect(await read('name,note\n"Smith, Jo","said ""hi""\r\nthen left"\nnext,x\n')).toEqual([
      { cells: ['name', 'note'], line: 1 },
      { cells: ['Smith, Jo', 'said "hi"\r\nthen left'], line: 2 },
      { cells: ['next', 'x'], line: 4 },
    ]);
  });

  it('keeps empty cells and blank lines as records', async () => {
    expect(await read('a,,c\n\n,,\n')).toEqual([
      { cells: ['a', '', 'c'], line: 1 },
      { cells: [''], line: 2 },
      { cells: ['', '', ''], line: 3 },
    ]);
  });

  it('ignores a byte-order mark and decodes UTF-8 split across chunks', async () => {
    const head = '\uFEFFfirst_name\n';
    // Short lines up to where the two bytes of the `ë` of `Zoë` fall in two 64 KB chunks.
    const fillerBytes = 64 * 1024 - 1 - Buffer.byteLength(head) - 'Zo'.length;
    const filler =
      'a\n'.repeat(Math.floor(fillerBytes / 2) - 1) + (fillerBytes % 2 ? 'aa\n' : 'a\n');
    const text = `${head}${filler}Zoë\nÅngström\n`;
    expect(
      Buffer.from(text)
        .subarray(64 * 1024 - 1, 64 * 1024 + 1)
        .toString(),
    ).toBe('ë');
    const records = await read(text);
    expect(records[0]).toEqual({ cells: ['first_name'], line: 1 });
    expect(records.slice(-2).map((record) => record.cells)).toEqual([['Zoë'], ['Ångström']]);
  });

  it('reads a CRLF split between two chunks as one line break', async () => {
    // 32,767 lines of two bytes, then `a` at the chunk's last byte but one and `\r` at its last.
    const records = await read(`${'a\n'.repeat(32_767)}a\r\nb\n`);
    expect(records).toHaveLength(32_769);
    expect(records.slice(-2)).toEqual([
      { cells: ['a'], line: 32_768 },
      { cells: ['b'], line: 32_769 },
    ]);
  });

  it('refuses a line longer than 10,000 characters as soon as it is read', async () => {
    await expect(read(`a,b\n${'x'.repeat(1_000_000)}\n`)).rejects.toThrow(
      'line 2: A line is longer than 10,000 characters',
    );
  });

  it('reads semicolon- and tab-separated spreadsheet exports', async () => {
    expect(await read('a;b\n"1;2";3\n')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1;2', '3'], line: 2 },
    ]);
    expect(await read('a\tb\n1\t2,5\n')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['1', '2,5'], line: 2 },
    ]);
  });

  it('keeps formula-looking cells and stray quotes as the plain text they are', async () => {
    expect((await read('=1+2,"=HYPERLINK(""x"")",@SUM(A1),O"Brien\n'))[0]!.cells).toEqual([
      '=1+2',
      '=HYPERLINK("x")',
      '@SUM(A1)',
      'O"Brien',
    ]);
  });

  it('skips # notes and trims cells when asked, still counting every line', async () => {
    expect(
      await read('# Polar H10, "x\ntime, "RR" \n# pause\n0 , 812\n', {
        comments: true,
        trim: true,
      }),
    ).toEqual([
      { cells: ['time', 'RR'], line: 2 },
      { cells: ['0', '812'], line: 4 },
    ]);
  });

  it('refuses a quote that is never closed, naming the line it opens on', async () => {
    const reading = read('a,b\n1,2\r\n"x\r\ny",3\n4,"five\n6,7\n');
    await expect(reading).rejects.toBeInstanceOf(CsvFormatError);
    await expect(reading).rejects.toThrow('line 5: A quoted cell is never closed (a " is missing)');
  });
});

describe('csvDelimiter', () => {
  it.each([
    ['a,b;c', ','],
    ['a;b', ';'],
    ['a\tb', '\t'],
    ['single', ','],
    ['', ','],
    ['time;rr,ms;hr', ';'],
    ['"Name, first";"Name, last";email', ';'],
  ])('%j -> %j', (line, delimiter) => {
    expect(csvDelimiter(line)).toBe(delimiter);
  });
});
