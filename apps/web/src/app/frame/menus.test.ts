import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { MENUS, isMenuItemActive } from './menus.ts';

function activeLabels(area: keyof typeof MENUS, pathname: string): string[] {
  return MENUS[area]
    .filter((item) => isMenuItemActive(item, pathname, area))
    .map((item) => item.label);
}

describe('side menu active state', () => {
  it('marks the dashboard only on the area root', () => {
    expect(activeLabels('org', paths.org.dashboard)).toEqual(['Dashboard']);
    expect(activeLabels('org', paths.org.users)).toEqual(['Users']);
  });

  it('keeps the parent entry active on its sub pages', () => {
    expect(activeLabels('org', paths.org.manageGroup)).toEqual(['Groups']);
    expect(activeLabels('group', paths.group.participantReadings)).toEqual(['Users']);
    expect(activeLabels('user', paths.user.selfCompassion)).toEqual(['Bio/Mindfulness']);
    expect(activeLabels('user', paths.user.yourData)).toEqual(['Your Data']);
  });

  it('lists My Organizations and Your Data before Settings in the user area', () => {
    expect(MENUS.user.map((item) => item.label).slice(-3)).toEqual([
      'My Organizations',
      'Your Data',
      'Settings',
    ]);
    expect(activeLabels('user', paths.user.organizations)).toEqual(['My Organizations']);
  });
});
