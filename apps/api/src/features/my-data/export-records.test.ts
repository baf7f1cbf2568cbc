import { describe, expect, it } from 'vitest';
import { float32Decimal } from './export-records.ts';

describe('float32Decimal', () => {
  it('gives back the decimal an app sent, from the float32 the database stores', () => {
    for (const sent of [812.3, 1043, 976.5625, 1001.1, 640.25, 2999.9]) {
      expect(float32Decimal(Math.fround(sent))).toBe(sent);
    }
  });
});
