import { describe, expect, it } from 'vitest';
import { orgSearchTerm } from './search-orgs.ts';

describe('orgSearchTerm (SPEC §5 "Autocomplete")', () => {
  it('searches only with more than 2 characters, trimmed', () => {
    expect(orgSearchTerm('')).toBeNull();
    expect(orgSearchTerm('ac')).toBeNull();
    expect(orgSearchTerm('  ac  ')).toBeNull();
    expect(orgSearchTerm('acm')).toBe('acm');
    expect(orgSearchTerm(' Acme Corp ')).toBe('Acme Corp');
  });
});
