/** Places outside the dashboard that the welcome and coming-soon pages point to. */
export const externalLinks = {
  instructions: 'https://resonant.app/instructions',
  appStore: 'https://apps.apple.com/app/resonant-hrv/id0000000000',
  googlePlay: 'https://play.google.com/store/apps/details?id=app.resonant',
  resources: 'https://resonant.app/resources',
  support: 'https://resonant.app/support',
} as const;
