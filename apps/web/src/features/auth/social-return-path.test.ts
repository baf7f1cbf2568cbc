import { describe, expect, it } from 'vitest';
import { startBody } from './social-return-path.ts';

describe('startBody', () => {
  it('sends a path of this site along, an invitation link included', () => {
    expect(startBody('/process-invite?it=abc')).toEqual({ redirectTo: '/process-invite?it=abc' });
  });

  it('drops anything else instead of having the start refused', () => {
    for (const target of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(startBody(target)).toEqual({ redirectTo: null });
    }
  });
});
