import { describe, expect, it } from 'vitest';
import { issueMessage } from './zod-issues.ts';

describe('issueMessage', () => {
  it('names the field of the first issue by its dotted path', () => {
    const issues = [
      { path: ['rr', 3], message: 'Too small' },
      { path: ['takenAt'], message: 'Invalid date' },
    ];
    expect(issueMessage(issues, 'Invalid request')).toBe('rr.3: Too small');
  });

  it('gives the message alone for an issue about the whole value', () => {
    expect(issueMessage([{ path: [], message: 'Expected object' }], 'Invalid request')).toBe(
      'Expected object',
    );
  });

  it('places the path under the field the parsed value is', () => {
    expect(issueMessage([{ path: [], message: 'Too short' }], 'Invalid', ['password'])).toBe(
      'password: Too short',
    );
  });

  it('falls back without an issue', () => {
    expect(issueMessage([], 'Invalid recording')).toBe('Invalid recording');
  });
});
