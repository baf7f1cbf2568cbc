import { describe, expect, it } from 'vitest';
import { formatMetric } from './hrv-format.ts';
import {
  formatBreathPattern,
  formatMinutes,
  formatOzPercent,
  minuteLabel,
  tagNames,
} from './session-format.ts';

describe('formatOzPercent', () => {
  it('writes a percentage with one decimal, or a dash without one', () => {
    expect(formatOzPercent(42.46)).toBe(`${formatMetric(42.5)}%`);
    expect(formatOzPercent(0)).toBe(`${formatMetric(0)}%`);
    expect(formatOzPercent(42.46)).toMatch(/^42[.,]5%$/);
    expect(formatOzPercent(null)).toBe('—');
  });
});

describe('tagNames', () => {
  it('joins tag names, or gives null without tags', () => {
    expect(tagNames([{ id: 'a', tag_name: 'Focus' }])).toBe('Focus');
    expect(tagNames([])).toBeNull();
  });
});

describe('formatMinutes', () => {
  it('writes whole minutes without decimals and others with one', () => {
    expect(formatMinutes(5)).toBe('5 min');
    expect(formatMinutes(2.5)).toBe(`${formatMetric(2.5)} min`);
    expect(formatMinutes(null)).toBe('—');
  });
});

describe('formatBreathPattern', () => {
  it('gives the pattern name, then inhale and exhale with their shares', () => {
    expect(
      formatBreathPattern({
        name: 'Resonance',
        inhaleSeconds: 4,
        exhaleSeconds: 6,
        inhalePercentage: 40,
        exhalePercentage: 60,
        defaultTotalMinutes: 10,
      }),
    ).toBe('Resonance: inhale 4 s (40%), exhale 6 s (60%)');
  });

  it('shows a dash for a session without a pacer (mindfulness)', () => {
    expect(formatBreathPattern(null)).toBe('—');
  });
});

describe('minuteLabel', () => {
  it('names a minute as SPEC §2 does', () => {
    expect([1, 2].map((countTime) => minuteLabel({ countTime }))).toEqual(['Minute 1', 'Minute 2']);
  });
});
