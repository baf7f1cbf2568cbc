import { ROLE_HOME } from '@resonant/contracts/roles';
import { useProfile } from '../../lib/current-user.ts';
import { WelcomePage } from '../../features/welcome/components/welcome-page.tsx';

export function WelcomeRoute() {
  const { data: user } = useProfile();
  if (!user) return null;
  return <WelcomePage firstName={user.first_name} homePath={ROLE_HOME[user.user_type]} />;
}
