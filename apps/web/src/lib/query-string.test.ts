import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('keeps set values, encoded, and leaves out empty ones', () => {
    expect(
      toQueryString({
        limit: 10,
        offset: 0,
        search: 'a&b c',
        groupId: undefined,
        type: '',
        x: null,
      }),
    ).toBe('limit=10&offset=0&search=a%26b+c');
  });
});
