import { screen, waitFor } from '@testing-library/react';

/** The toast (a Mantine notification, role alert) that says `text`, once it shows. */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(text));
    if (!toast) throw new Error(`No toast says "${text}"`);
    return toast;
  });
}
