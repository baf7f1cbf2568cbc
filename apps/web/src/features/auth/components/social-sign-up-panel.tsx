import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { SignInResponse } from '@resonant/contracts/auth';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { usePendingSocialSignUp } from '../api/get-pending-social-sign-up.ts';
import { isExpiredSignUp } from '../expired-sign-up.ts';
import type { AuthMode } from './auth-screen.tsx';
import { EmailTakenNotice } from './email-taken-notice.tsx';
import { LinkAccountForm } from './link-account-form.tsx';
import { SocialSignUpForm } from './social-sign-up-form.tsx';

interface SocialSignUpPanelProps {
  /** The URL's redirectTo; the pending sign-up's own is used when the URL has none. */
  redirectTo: string | null;
  onAuthenticated: (answer: SignInResponse, mode: AuthMode, returnTo: string | null) => void;
}

/**
 * `/signup/social`: after a provider's round trip with an identity that has no account yet, the
 * form its pending sign-up needs: 'Almost there!', the password that links an existing account,
 * or why this email cannot be used here.
 */
export function SocialSignUpPanel({ redirectTo, onAuthenticated }: SocialSignUpPanelProps) {
  const pending = usePendingSocialSignUp();
  const navigate = useNavigate();
  const location = useLocation();
  // The sign-in panel, keeping redirectTo (an invitation's link).
  const signInPage = { pathname: paths.login, search: location.search };
  const onSignIn = () => void navigate(signInPage);
  // Gone (its toast has been shown): nothing to finish here, so this page leaves the history.
  const onExpired = () => void navigate(signInPage, { replace: true });

  if (isExpiredSignUp(pending.error)) return <Navigate to={signInPage} replace />;
  if (pending.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>Loading your sign-up…</VisuallyHidden>
      </Center>
    );
  }
  if (pending.isError) {
    return (
      <LoadError
        what="Your sign-up"
        onRetry={() => void pending.refetch()}
        retrying={pending.isFetching}
      />
    );
  }
  const { data } = pending;
  // Reopened without its query (a bookmark): the invitation it was started for is not lost.
  const returnTo = redirectTo ?? data.redirectTo;
  switch (data.next) {
    case 'sign-up':
      return (
        <SocialSignUpForm
          pending={data}
          onSignedUp={(auth) => onAuthenticated(auth, 'sign-up', returnTo)}
          onExpired={onExpired}
        />
      );
    case 'link':
      return (
        <LinkAccountForm
          pending={data}
          onSignedIn={(auth) => onAuthenticated(auth, 'sign-in', returnTo)}
          onExpired={onExpired}
        />
      );
    case 'email-taken':
      return <EmailTakenNotice pending={data} onSignIn={onSignIn} />;
  }
}
