import { expect, type Page } from '@playwright/test';

/** The development provider's buttons on the auth screen (apps/api/src/dev). */
export const DEV_GOOGLE = 'Google-type (development)';
export const DEV_APPLE = 'Apple-type (development)';

/** Who the development provider vouches for: its sign-in page's fields. */
export type DevPerson = {
  email: string;
  firstName?: string;
  lastName?: string;
  gender?: 'Male' | 'Female' | 'Other' | 'Not shared';
  /** YYYY-MM-DD */
  birthDate?: string;
  emailVerified?: boolean;
};

/** The auth screen's button of a provider, on the panel shown (the other one is inert). */
export function continueWith(page: Page, label: string) {
  return page.getByRole('button', { name: `Continue with ${label}` });
}

async function providerPage(page: Page) {
  await expect(page).toHaveURL(/\/dev-oidc\/interaction\//);
  await expect(page.getByText('Development sign-in', { exact: true })).toBeVisible();
}

/** On the development provider's page: signs in as `person` (the round trip goes on to the app). */
export async function signInAtDevProvider(page: Page, person: DevPerson) {
  await providerPage(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  if (person.firstName) {
    await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
  }
  if (person.lastName) await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
  if (person.gender) {
    await page.getByRole('combobox', { name: 'Gender' }).selectOption({ label: person.gender });
  }
  if (person.birthDate) await page.getByLabel(/^Date of birth/).fill(person.birthDate);
  await page
    .getByRole('checkbox', { name: 'The provider has verified this email' })
    .setChecked(person.emailVerified ?? true);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On the development provider's page: Cancel (the provider answers access_denied). */
export async function cancelAtDevProvider(page: Page) {
  await providerPage(page);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
}
