import { SectionCard } from '../../../components/section-card.tsx';
import { SignInMethodsPanel } from './sign-in-methods-panel.tsx';

/** Settings: the ways to sign in, linked and unlinked here as in the profile menu's dialog. */
export function SignInMethodsSection() {
  return (
    <SectionCard
      title="Sign-in methods"
      description="The ways you can sign in to Resonant. Linking takes you to the provider and back here; the last way to sign in cannot be removed."
      padding="roomy"
    >
      <SignInMethodsPanel enabled />
    </SectionCard>
  );
}
