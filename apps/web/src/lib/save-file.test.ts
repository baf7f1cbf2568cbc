import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './save-file.ts';

describe('fileNameFromDisposition', () => {
  it('reads a quoted file name, spaces kept', () => {
    expect(
      fileNameFromDisposition('attachment; filename="morning-anytime readings data.csv"'),
    ).toBe('morning-anytime readings data.csv');
  });

  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(
      fileNameFromDisposition(
        'attachment; filename="a.csv"; filename*=UTF-8\'\'biofeedback%20sessions%20data.csv',
      ),
    ).toBe('biofeedback sessions data.csv');
  });

  it('reads an unquoted file name and unescapes a quoted one', () => {
    expect(fileNameFromDisposition('attachment; filename=data.csv')).toBe('data.csv');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('is null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
