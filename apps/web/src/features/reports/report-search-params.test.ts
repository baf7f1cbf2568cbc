import { describe, expect, it } from 'vitest';
import { parseReportSearch, reportSearchParams } from './report-search-params.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('parseReportSearch', () => {
  it('reads users, tags and tab', () => {
    const params = new URLSearchParams({
      users: `${id(1)},${id(2)}`,
      tags: id(9),
      tab: 'mindfulness',
    });
    expect(parseReportSearch(params)).toEqual({
      userIds: [id(1), id(2)],
      tagIds: [id(9)],
      tab: 'mindfulness',
    });
  });

  it('starts empty on the readings tab', () => {
    expect(parseReportSearch(new URLSearchParams())).toEqual({
      userIds: [],
      tagIds: [],
      tab: 'readings',
    });
  });

  it('drops what is not an id, duplicates, users past 5 and an unknown tab', () => {
    const users = ['nope', id(1), id(1), id(2), id(3), id(4), id(5), id(6)].join(',');
    expect(parseReportSearch(new URLSearchParams({ users, tab: 'other' }))).toEqual({
      userIds: [id(1), id(2), id(3), id(4), id(5)],
      tagIds: [],
      tab: 'readings',
    });
  });
});

describe('reportSearchParams', () => {
  it('round-trips through parseReportSearch, leaving defaults out', () => {
    const search = { userIds: [id(1), id(2)], tagIds: [], tab: 'exercise' as const };
    const params = reportSearchParams(search);
    expect(params.toString()).toBe(`users=${id(1)}%2C${id(2)}&tab=exercise`);
    expect(parseReportSearch(params)).toEqual(search);
    expect(reportSearchParams({ userIds: [], tagIds: [], tab: 'readings' }).toString()).toBe('');
  });
});
