import { describe, expect, it } from 'vitest';
import { Password } from '@resonant/contracts/auth';
import { DEFAULT_PASSWORD_LENGTH, generateDefaultPassword } from './default-password.ts';

describe('generateDefaultPassword', () => {
  it('has the length and every kind of character, and passes the password rule', () => {
    for (let run = 0; run < 200; run++) {
      const password = generateDefaultPassword();
      expect(password).toHaveLength(DEFAULT_PASSWORD_LENGTH);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect(Password.safeParse(password).success).toBe(true);
    }
  });

  it('is different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generateDefaultPassword()));
    expect(passwords.size).toBe(50);
  });

  it('leaves out look-alike characters', () => {
    const all = Array.from({ length: 100 }, () => generateDefaultPassword()).join('');
    expect(all).not.toMatch(/[IlO01]/);
  });

  it('never starts with the four required kinds in a fixed order', () => {
    const fronts = new Set(
      Array.from({ length: 100 }, () =>
        generateDefaultPassword()
          .slice(0, 4)
          .replace(/[A-Z]/g, 'U')
          .replace(/[a-z]/g, 'L')
          .replace(/[0-9]/g, 'D')
          .replace(/[^ULD]/g, 'S'),
      ),
    );
    expect(fronts.size).toBeGreaterThan(1);
  });

  it('rejects random values that would bias the choice', () => {
    // 0xffffffff is above the largest multiple of the set size, so it is drawn again.
    const draws = [0xffff_ffff, 0];
    let call = 0;
    const fill = (values: Uint32Array) => {
      values[0] = draws[Math.min(call++, draws.length - 1)]!;
      return values;
    };
    expect(generateDefaultPassword(4, fill)).toHaveLength(4);
    expect(call).toBeGreaterThan(4);
  });
});
