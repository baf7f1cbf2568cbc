import { SectionCard } from '../../../components/section-card.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** Settings: change the password; every other device is then signed out. */
export function PasswordSection() {
  return (
    <SectionCard
      title="Password"
      description="Changing your password signs out every other device signed in to your account."
      padding="roomy"
    >
      <ChangePasswordForm currentLabel="Current password" submitLabel="Change password" />
    </SectionCard>
  );
}
