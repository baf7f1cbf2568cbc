import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';

type Standing = NonNullable<NonNullable<MyDashboardResponse['latest_morning']>['standing']>;

/** How a standing is named and coloured, and what it means in plain words. */
export const STANDINGS: Record<Standing, { label: string; colour: string; meaning: string }> = {
  below_normal: {
    label: 'Below your normal range',
    colour: 'orange',
    meaning:
      'Lower than usual for you. One low morning is common; several in a row often follow ' +
      'stress, short sleep, illness, alcohol or hard training, so take it easier if you can.',
  },
  within_normal: {
    label: 'Within your normal range',
    colour: 'teal',
    meaning: 'Your body is coping as usual: business as normal.',
  },
  above_normal: {
    label: 'Above your normal range',
    colour: 'blue',
    meaning:
      'Higher than usual for you. Often a sign of good recovery; a sudden high after hard days ' +
      'can also be your body still adjusting, so look at the trend, not one morning.',
  },
};
