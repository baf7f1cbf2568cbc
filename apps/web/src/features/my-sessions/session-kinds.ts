import type { SessionType } from '@resonant/contracts/sessions';

/** How each kind of session names itself on its page (SPEC §2's menu names). */
export const SESSION_KIND_PAGES: Record<SessionType, { title: string; plural: string }> = {
  biofeedback: { title: 'Biofeedback', plural: 'biofeedback sessions' },
  mindfulness: { title: 'Mindfulness', plural: 'mindfulness sessions' },
  self_compassion: { title: 'Self-Compassion', plural: 'self-compassion sessions' },
};

/** A kind's empty list: that there are none yet, and how a session gets here. */
export function noSessionsYet(kind: SessionType): string {
  const { plural } = SESSION_KIND_PAGES[kind];
  return (
    `No ${plural} yet. Sessions are recorded with the Resonant mobile app and a heart-rate ` +
    'sensor: each one you finish there appears here, with its per-minute data and optimal zone.'
  );
}

/** The search parameter naming the session a kind's page shows (none: the list). */
export const SESSION_PARAM = 'session';
