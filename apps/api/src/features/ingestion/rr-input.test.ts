import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { isRrFileName, parseRrFile } from './rr-input.ts';

const parse = (text: string) => parseRrFile(Buffer.from(text, 'utf8'));
const problem = async (text: string | Buffer) => {
  try {
    await parseRrFile(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
  throw new Error('parsed without a problem');
};

describe('parseRrFile', () => {
  it('reads one interval per line, skipping comments and blank lines', async () => {
    expect(await parse('# Polar H10, 2025-06-01\n812\n\n  830.5 \r\n# pause\n799\n')).toEqual([
      812, 830.5, 799,
    ]);
  });

  it('ignores a byte-order mark', async () => {
    expect(await parse('\uFEFF812\n830\n')).toEqual([812, 830]);
  });

  const headers: [string, string][] = [
    ['RR', 'Time,RR,HR\n0,812,74\n0.8,830,72\n'],
    ['rr', 'timestamp,rr\n1,812\n2,830\n'],
    ['RR (ms)', 'Time (s),RR (ms)\n0,812\n1,830\n'],
    ['rr_ms', 'ts,rr_ms\n0,812\n1,830\n'],
    ['RRI', 'RRI\n812\n830\n'],
    ['ibi', 'time;ibi\n0;812\n1;830\n'],
    ['Interval', 'Beat\tInterval\n1\t812\n2\t830\n'],
    [
      'RR-interval [ms] (semicolons, quoted)',
      '"Phone timestamp";"RR-interval [ms]"\n"x";"812"\n"y";"830"\n',
    ],
    ['NN', 'nn\n812\n830\n'],
    ['Inter-beat interval', 'Inter-beat interval,Quality\n812,1\n830,1\n'],
  ];
  it.each(headers)('finds the RR column named %s in a CSV', async (_name, text) => {
    expect(await parse(text)).toEqual([812, 830]);
  });

  it('skips CSV rows whose RR cell is empty', async () => {
    expect(await parse('time,hr,rr\n0,72,812\n1,72,\n2,71,830\n')).toEqual([812, 830]);
  });

  it('reads a decimal comma when cells are separated by semicolons', async () => {
    expect(await parse('Zeit;RR\n0;812,5\n1;830,25\n')).toEqual([812.5, 830.25]);
  });

  it('reads a quoted decimal comma in a comma-separated file, and counts lines past notes', async () => {
    expect(await parse('# exported\ntime,rr\n0,"812,5"\n# pause\n1,830\n')).toEqual([812.5, 830]);
    expect(await problem('# exported\ntime,rr\n0,812\n# pause\n1,abc\n')).toBe(
      '400 line 5: "abc" is not a number',
    );
  });

  it('reads seconds when every value is below 10, or when the header says so', async () => {
    expect(await parse('0.812\n0.830\n1.05\n')).toEqual([812, 830, 1050]);
    expect(await parse('time,RR (s)\n0,0.812\n1,0.83\n')).toEqual([812, 830]);
    expect(await parse('rr_sec\n0.812\n')).toEqual([812]);
  });

  const refused: [string, string | Buffer, string][] = [
    ['an empty file', '', '400 The file has no RR intervals'],
    ['only comments', '# nothing\n\n', '400 The file has no RR intervals'],
    ['a header and no values', 'time,rr\n', '400 The file has no RR intervals'],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), '400 Not a text file'],
    ['a word among the values', '812\n830\nabc\n', '400 line 3: "abc" is not a number'],
    ['a bad CSV cell', 'rr\n812\nn/a\n', '400 line 3: "n/a" is not a number'],
    [
      'a CSV without an RR column',
      'time,hr\n0,72\n',
      '400 No RR column: the header needs a column named like RR, RR (ms), RRI, IBI or Interval (found "time", "hr")',
    ],
    [
      'several values per line without a header',
      '812,830\n799,801\n',
      '400 line 1: Expected one RR interval per line, or a CSV header naming the RR column',
    ],
    ['a value out of range', '812\n\n5000\n', '400 line 3: 5000 ms is out of range (200-3000 ms)'],
    ['a value of zero', 'rr\n812\n0\n', '400 line 3: 0 ms is out of range (200-3000 ms)'],
    [
      'a quote never closed',
      'time,rr\n0,812\n1,"830\n2,799\n',
      '400 line 3: A quoted cell is never closed (a " is missing)',
    ],
  ];
  it.each(refused)('refuses %s, naming the problem', async (_name, text, message) => {
    expect(await problem(text)).toBe(message);
  });
});

describe('isRrFileName', () => {
  it.each([
    ['rr.txt', true],
    ['Export.CSV', true],
    ['beats.tsv', true],
    ['photo.png', false],
    ['rr', false],
    ['rr.txt.exe', false],
  ])('%s -> %s', (name, expected) => {
    expect(isRrFileName(name)).toBe(expected);
  });
  it('refuses a cell too long to be a number without testing it against the pattern', async () => {
    // Shorter than a line may be, and a run of digits the old pattern split every way.
    const digits = `${'1'.repeat(9_000)}+`;
    expect(await problem(`812\n${digits}\n`)).toBe(
      `400 line 2: "${'1'.repeat(40)}" is not a number`,
    );
    expect(await problem(`${'1'.repeat(9_000)}x\n812\n`)).toBe(
      `400 No RR column: the header needs a column named like RR, RR (ms), RRI, IBI or Interval ` +
        `(found "${'1'.repeat(40)}")`,
    );
  });

  it('refuses a file with a line longer than 10,000 characters, naming the line', async () => {
    expect(await problem(`812\n830\n${'8'.repeat(10_010)}\n`)).toBe(
      '400 line 3: A line is longer than 10,000 characters',
    );
  });
});
