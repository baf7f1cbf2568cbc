import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { ApiError } from './api-error.ts';

/** Error toast with the message as given (server messages are never mapped). */
export function showError(message?: string | null): void {
  const text = message?.trim() || FALLBACK_ERROR_MESSAGE;
  // Keyed by text so a burst of identical failures (e.g. parallel 401s) shows one toast.
  notifications.show({
    id: `error:${text}`,
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    message: text,
  });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', icon: <IconCheck size={18} aria-hidden />, message });
}

/** A neutral toast: something the user should know that is neither a success nor a failure. */
export function showInfo(message: string): void {
  notifications.show({ color: 'blue', icon: <IconInfoCircle size={18} aria-hidden />, message });
}

/** Error toast for a failed request; silent when the failure already signed the user out. */
export function showRequestError(error: unknown): void {
  if (error instanceof ApiError) {
    if (!error.sessionEnded) showError(error.message);
    return;
  }
  showError();
}

/** A toast that stays until closed: the last word to someone whose session just ended for good. */
export function showFarewell(message: string): void {
  notifications.show({
    color: 'blue',
    icon: <IconInfoCircle size={18} aria-hidden />,
    message: `Goodbye. ${message}`,
    autoClose: false,
  });
}
