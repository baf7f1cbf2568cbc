import { describe, expect, it } from 'vitest';
import { joinSessionPages, nextSessionOffset } from './session-paging.ts';

const page = (count: number, noOfRows: number) => ({
  list: Array.from({ length: count }, () => ({}) as never),
  noOfRows,
});

describe('nextSessionOffset', () => {
  it('asks for the sessions after those loaded while the range holds more', () => {
    expect(nextSessionOffset(page(20, 45), 0)).toBe(20);
    expect(nextSessionOffset(page(20, 45), 20)).toBe(40);
  });

  it('stops once every session of the range is loaded', () => {
    expect(nextSessionOffset(page(5, 45), 40)).toBeUndefined();
    expect(nextSessionOffset(page(20, 20), 0)).toBeUndefined();
    expect(nextSessionOffset(page(0, 0), 0)).toBeUndefined();
  });

  it('stops on an empty page even when the count says more (sessions removed meanwhile)', () => {
    expect(nextSessionOffset(page(0, 45), 40)).toBeUndefined();
  });
});

describe('joinSessionPages', () => {
  const sessions = (...ids: string[]) => ({
    list: ids.map((sessionId) => ({ sessionId, sessionName: `Session ${sessionId}` }) as never),
  });
  const ids = (pages: ReturnType<typeof sessions>[]) =>
    joinSessionPages(pages).map((session) => session.sessionId);

  it('joins the pages in order', () => {
    expect(ids([sessions('s5', 's4'), sessions('s3', 's2'), sessions('s1')])).toEqual([
      's5',
      's4',
      's3',
      's2',
      's1',
    ]);
  });

  it('shows a session once when a new one shifted the offsets between two loads', () => {
    // s6 was recorded after the first page: the second page starts with s4 again.
    expect(ids([sessions('s5', 's4'), sessions('s4', 's3')])).toEqual(['s5', 's4', 's3']);
  });

  it('keeps the first copy of a repeated session', () => {
    const joined = joinSessionPages([
      { list: [{ sessionId: 'a', sessionName: 'First' } as never] },
      { list: [{ sessionId: 'a', sessionName: 'Again' } as never] },
    ]);
    expect(joined.map((session) => session.sessionName)).toEqual(['First']);
  });
});
