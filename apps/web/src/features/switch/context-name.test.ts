import { describe, expect, it } from 'vitest';
import { contextName } from './context-name.ts';

describe('contextName', () => {
  it('names the organisation in org context, even with a group on record', () => {
    expect(contextName('org', 'Demo Org', 'Engineering')).toBe('Demo Org');
  });

  it('names org › group inside a group', () => {
    expect(contextName('group', 'Demo Org', 'Engineering')).toBe('Demo Org › Engineering');
    expect(contextName('user', 'Demo Org', 'Engineering')).toBe('Demo Org › Engineering');
  });

  it('names nothing without an organisation', () => {
    expect(contextName('user', null, null)).toBeNull();
  });
});
