import { describe, expect, it } from 'vitest';
import { failedRowsCsv, templateCsv } from './csv-files.ts';

describe('templateCsv', () => {
  it('has the documented header and an example user', () => {
    const [header, example] = templateCsv().split('\r\n');
    expect(header).toBe('first_name,last_name,email,gender,birth_date,group,password');
    expect(example).toBe('Amelia,Hughes,amelia.hughes@example.com,Female,1990-04-15,Engineering,');
  });
});

describe('failedRowsCsv', () => {
  it('quotes where needed and never lets a cell start a formula', () => {
    const csv = failedRowsCsv([
      { row: 3, email: "'=1+2", reason: 'Please enter a valid email.' },
      { row: 4, email: '@cmd', reason: 'Unknown group: A, B' },
      { row: 5, email: '-2+3', reason: 'Said "no"' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'line,username,reason',
      "3,'=1+2,Please enter a valid email.",
      '4,\'@cmd,"Unknown group: A, B"',
      '5,\'-2+3,"Said ""no"""',
    ]);
  });
});
