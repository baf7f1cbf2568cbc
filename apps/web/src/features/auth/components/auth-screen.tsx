import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Box, Button, Center, Loader, Text, Title } from '@mantine/core';
import type { SignInResponse } from '@resonant/contracts/auth';
import { Logo } from '../../../components/logo.tsx';
import { afterIdle } from '../../../lib/after-idle.ts';
import { InviteNote } from './invite-note.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';
import classes from './auth-screen.module.css';

// The sign-up panel's forms (with their date and country pickers) are fetched once the sign-in
// form has painted and the page is idle, so the first paint carries only what it shows; by the
// time a visitor asks for the other panel, it is there.
const loadSignUpForm = () => import('./sign-up-form.tsx');
const loadSocialSignUpPanel = () => import('./social-sign-up-panel.tsx');
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })));
const SocialSignUpPanel = lazy(() =>
  loadSocialSignUpPanel().then((module) => ({ default: module.SocialSignUpPanel })),
);

export type AuthMode = 'sign-in' | 'sign-up';

interface AuthScreenProps {
  mode: AuthMode;
  /** `/signup/social`: the sign-up panel finishes a social sign-in instead of the password form. */
  social: boolean;
  redirectTo: string | null;
  onModeChange: (mode: AuthMode) => void;
  /** `returnTo`: where to land instead of `redirectTo` (a social sign-up's own), if given. */
  onAuthenticated: (answer: SignInResponse, mode: AuthMode, returnTo?: string | null) => void;
  /** The challenge of a sign-in whose second factor is asked: the sign-in panel asks for it. */
  challenge: string | null;
  /** Leaves the second step for the password form. */
  onRestart: () => void;
}

/**
 * The double-panel auth screen: the coloured overlay slides over to reveal the other form. Each
 * panel offers the configured social providers under its form.
 */
export function AuthScreen({
  mode,
  social,
  redirectTo,
  onModeChange,
  onAuthenticated,
  ...secondStep
}: AuthScreenProps) {
  const signInActive = mode === 'sign-in';
  // Set by the first switch of panels, from when on a switch animates (the first form does not).
  const [shownMode, setShownMode] = useState(mode);
  const [switched, setSwitched] = useState(false);
  if (mode !== shownMode) {
    setShownMode(mode);
    setSwitched(true);
  }
  useEffect(
    () => afterIdle(() => void (social ? loadSocialSignUpPanel() : loadSignUpForm())),
    [social],
  );

  return (
    <div className={classes.page}>
      <header>
        <Logo size={36} />
      </header>
      <main className={classes.main}>
        <InviteNote redirectTo={redirectTo} />
        <div className={classes.card} data-mode={mode} data-switched={switched || undefined}>
          <section
            className={`${classes.formPanel} ${classes.signIn}`}
            data-active={signInActive || undefined}
            inert={!signInActive}
          >
            <SignInStep {...secondStep} {...{ redirectTo, onAuthenticated }} />
            <Text size="sm" ta="center" mt="lg" hiddenFrom="sm">
              New to Resonant?{' '}
              <Anchor component="button" type="button" onClick={() => onModeChange('sign-up')}>
                Create an account
              </Anchor>
            </Text>
          </section>
          <section
            className={`${classes.formPanel} ${classes.signUp}`}
            data-active={!signInActive || undefined}
            inert={signInActive}
          >
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader size="sm" aria-label="Loading the sign-up form" />
                </Center>
              }
            >
              {social ? (
                <SocialSignUpPanel redirectTo={redirectTo} onAuthenticated={onAuthenticated} />
              ) : (
                <SignUpForm onSignIn={() => onModeChange('sign-in')} />
              )}
            </Suspense>
            {!social && <SocialSignInButtons redirectTo={redirectTo} />}
            <Text size="sm" ta="center" mt="lg" hiddenFrom="sm">
              Already have an account?{' '}
              <Anchor component="button" type="button" onClick={() => onModeChange('sign-in')}>
                Sign in
              </Anchor>
            </Text>
          </section>
          <div className={classes.overlayContainer}>
            <div className={classes.overlay}>
              <OverlayPanel
                className={classes.overlayLeft}
                covered={signInActive}
                title="Welcome back!"
                text="Already part of Resonant? Sign in to pick up where you left off."
                action="Sign In"
                onAction={() => onModeChange('sign-in')}
              />
              <OverlayPanel
                className={classes.overlayRight}
                covered={!signInActive}
                title="New here?"
                text="Create an account to follow your heart-rate variability and breathe your way into balance."
                action="Sign Up"
                onAction={() => onModeChange('sign-up')}
              />
            </div>
          </div>
        </div>
      </main>
      <Box component="footer" ta="center">
        <Text size="xs" c="dimmed">
          Resonant — HRV wellness for teams
        </Text>
      </Box>
    </div>
  );
}

type SignInStepProps = Pick<
  AuthScreenProps,
  'challenge' | 'redirectTo' | 'onAuthenticated' | 'onRestart'
>;

/** The sign-in panel: the password (or a provider), then the second factor when it is asked. */
function SignInStep({ challenge, redirectTo, onAuthenticated, onRestart }: SignInStepProps) {
  if (challenge) {
    return (
      <SecondFactorForm
        key={challenge}
        challenge={challenge}
        onSignedIn={(auth) => onAuthenticated(auth, 'sign-in')}
        onRestart={onRestart}
      />
    );
  }
  return (
    <>
      <SignInForm onSignedIn={(answer) => onAuthenticated(answer, 'sign-in')} />
      <SocialSignInButtons redirectTo={redirectTo} />
    </>
  );
}

interface OverlayPanelProps {
  className: string | undefined;
  /** Covered by the slide: kept out of the tab order and the accessibility tree. */
  covered: boolean;
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}

/** One side of the sliding overlay, inviting the user to the other form. */
function OverlayPanel({ className, covered, title, text, action, onAction }: OverlayPanelProps) {
  return (
    <div className={`${classes.overlayPanel} ${className}`} inert={covered}>
      <PulseWave />
      <Title order={2} c="white">
        {title}
      </Title>
      <Text c="white" opacity={0.9}>
        {text}
      </Text>
      <Button variant="white" color="dark" radius="xl" px={40} onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

function PulseWave() {
  return (
    <svg className={classes.wave} viewBox="0 0 180 40" aria-hidden="true" focusable="false">
      <path
        d="M0 20h52l8-14 12 28 10-22 8 8h90"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
