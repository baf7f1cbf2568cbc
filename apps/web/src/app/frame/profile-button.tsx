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
  return (
    <UnstyledButton
      {...buttonProps}
      aria-label={`Profile menu of ${profileName(user)}`}
      style={{ borderRadius: '50%' }}
    >
      <Avatar color="resonant" variant="filled" radius="xl">
        {initialsOf(user)}
      </Avatar>
    </UnstyledButton>
  );
}
