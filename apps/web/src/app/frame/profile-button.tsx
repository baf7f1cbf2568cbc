import type { ComponentPropsWithRef } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import type { UserProfile } from '@resonant/contracts/profile';

type ProfileButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  user: UserProfile;
};

export function profileName(user: UserProfile): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

function initialsOf(user: UserProfile): string {
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return initials || user.email.charAt(0).toUpperCase();
}

/** The profile menu's button: the user's initials. The frame shows it alone until the menu has loaded. */
export function ProfileButton({ user, ...buttonProps }: ProfileButtonProps) {
  const initials = initialsOf(user);
  return (
    <UnstyledButton
      {...buttonProps}
      // The name holds the initials the button shows, so a speech user can say what they see
      // (WCAG 2.5.3).
      aria-label={`Profile menu of ${profileName(user)} (${initials})`}
      style={{ borderRadius: '50%' }}
    >
      <Avatar color="resonant" variant="filled" radius="xl">
        {initials}
      </Avatar>
    </UnstyledButton>
  );
}
