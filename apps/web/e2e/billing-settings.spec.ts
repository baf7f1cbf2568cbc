import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import {
  BILLING_EMAIL_INVALID_MESSAGE,
  BILLING_UPDATED_MESSAGE,
  CARD_ADDED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  DEFAULT_METHOD_CLEARED_MESSAGE,
  DEFAULT_METHOD_UPDATED_MESSAGE,
  ADD_CARD_FAILED_MESSAGE,
  NO_PAYMENT_METHODS_MESSAGE,
  PAYMENT_METHOD_REMOVED_MESSAGE,
  TEST_MODE_LABEL,
} from '@resonant/contracts/billing';
import { expectPath, profileButton, signInThroughApi, toast } from './support/app.ts';
import { apiSession, buildOrg, signOut, type Person } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

const VISA = 'Visa ending in 4242';
/** A complete test card, as the test-mode form sends it. */
const TEST_CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: 2034,
  cvc: '123',
  address: {
    name: 'Gary Group',
    line1: '1 Harbour Street',
    city: 'Portland',
    postal_code: '97201',
    country: 'US',
  },
};
const MASTERCARD = 'Mastercard ending in 4444';

async function openBillingSettings(page: Page, admin: Person) {
  await signInThroughApi(page, admin.email, { password: admin.password });
  await expectPath(page, '/org');
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Billing Settings' }).click();
  await expectPath(page, '/org/billing-settings');
}

function paymentMethods(page: Page): Locator {
  return page.getByRole('region', { name: 'Payment Methods' });
}

function card(page: Page, name: string): Locator {
  return paymentMethods(page).getByRole('listitem', { name });
}

function defaultSwitch(page: Page, name: string): Locator {
  return card(page, name).getByRole('switch', { name: `Default: ${name}` });
}

async function openAddCard(page: Page): Promise<Locator> {
  await paymentMethods(page).getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(TEST_MODE_LABEL)).toBeVisible();
  return dialog;
}

async function fillCard(dialog: Locator, number: string) {
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('textbox', { name: 'Name on card' }).fill('Olivia Owner');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Street');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Portland');
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill('97201');
  // The country comes from the browser's locale (en-US).
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
}

test('an org admin adds cards, changes and clears the default, removes one and sets the billing email', async ({
  page,
  request,
}) => {
  // Three cards added, a toggle worked four times, a removal and a save, on two screen sizes.
  test.setTimeout(90_000);
  const org = await buildOrg(request, { groups: [{ admins: 1 }] });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBillingSettings(page, org.admin);

  // The current period and its seats: nobody has recorded anything yet.
  await expect(page.getByText('Seats this period')).toBeVisible();
  await expect(page.getByText('0 seats', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
  ).toBeVisible();
  await expect(paymentMethods(page).getByText(NO_PAYMENT_METHODS_MESSAGE)).toBeVisible();
  await page.screenshot({
    path: shotPath(test.info(), 'billing-settings-empty-1440.png'),
    fullPage: true,
  });

  // The first card: every field is required, and it becomes the default by itself.
  let dialog = await openAddCard(page);
  await expect(dialog.getByRole('checkbox', { name: 'Make this the default card' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog.getByText('Card number is required')).toBeVisible();
  await expect(dialog.getByText('City is required')).toBeVisible();
  await fillCard(dialog, '4242424242424242');
  await expect(dialog.getByRole('textbox', { name: 'Card number' })).toHaveValue(
    '4242 4242 4242 4242',
  );
  await page.screenshot({ path: shotPath(test.info(), 'billing-add-card-1440.png') });
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(toast(page, CARD_ADDED_MESSAGE)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, VISA)).toContainText('Visa •••• 4242');
  await expect(card(page, VISA)).toContainText('Expires 12/34');
  await expect(defaultSwitch(page, VISA)).toBeChecked();

  // A second card, then made the default with its toggle: it moves to the top.
  dialog = await openAddCard(page);
  const makeDefault = dialog.getByRole('checkbox', { name: 'Make this the default card' });
  await expect(makeDefault).not.toBeChecked();
  await fillCard(dialog, '5555 5555 5555 4444');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(toast(page, CARD_ADDED_MESSAGE).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(defaultSwitch(page, MASTERCARD)).not.toBeChecked();
  await expect(defaultSwitch(page, VISA)).toBeChecked();
  await defaultSwitch(page, MASTERCARD).click();
  await expect(toast(page, DEFAULT_METHOD_UPDATED_MESSAGE)).toBeVisible();
  await expect(defaultSwitch(page, MASTERCARD)).toBeChecked();
  await expect(defaultSwitch(page, VISA)).not.toBeChecked();
  await expect(paymentMethods(page).getByRole('listitem').first()).toHaveAccessibleName(MASTERCARD);

  // A declined test card is not added; the dialog keeps what was typed and says why.
  dialog = await openAddCard(page);
  await fillCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(toast(page, ADD_CARD_FAILED_MESSAGE)).toBeVisible();
  await expect(dialog.getByText(CARD_DECLINED_MESSAGE)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Card number' })).toHaveValue(
    '4000 0000 0000 0002',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(paymentMethods(page).getByRole('listitem')).toHaveCount(2);

  await page.screenshot({
    path: shotPath(test.info(), 'billing-settings-1440.png'),
    fullPage: true,
  });

  // Removing the default card, after a question naming it, leaves no default.
  await card(page, MASTERCARD)
    .getByRole('button', { name: `Remove ${MASTERCARD}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Remove payment method' });
  await expect(confirm).toContainText(`Remove ${MASTERCARD}, expiring 12/34?`);
  await expect(confirm).toContainText('It is the default card');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, PAYMENT_METHOD_REMOVED_MESSAGE)).toBeVisible();
  await expect(paymentMethods(page).getByRole('listitem')).toHaveCount(1);
  // Its row, and the Remove button the keyboard was on, are gone: focus moves to Add card.
  await expect(paymentMethods(page).getByRole('button', { name: 'Add card' })).toBeFocused();
  await expect(defaultSwitch(page, VISA)).not.toBeChecked();

  // The toggle makes a card the default, and on the default clears it (SPEC §4).
  await defaultSwitch(page, VISA).click();
  await expect(toast(page, DEFAULT_METHOD_UPDATED_MESSAGE).last()).toBeVisible();
  await expect(defaultSwitch(page, VISA)).toBeChecked();
  await defaultSwitch(page, VISA).click();
  await expect(toast(page, DEFAULT_METHOD_CLEARED_MESSAGE)).toBeVisible();
  await expect(defaultSwitch(page, VISA)).not.toBeChecked();
  await defaultSwitch(page, VISA).click();
  await expect(defaultSwitch(page, VISA)).toBeChecked();

  // The billing email: checked as typed, saved once changed, kept after a reload.
  const settings = page.getByRole('region', { name: 'Billing Settings' });
  const email = settings.getByRole('textbox', { name: 'Billing Email' });
  const save = settings.getByRole('button', { name: 'Save Changes' });
  const startDate = settings.getByRole('textbox', { name: 'Billing Start Date' });
  await expect(startDate).toHaveAttribute('readonly', '');
  await expect(startDate).toHaveValue(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(save).toBeDisabled();
  await email.fill('not-an-email');
  await save.click();
  await expect(settings.getByText(BILLING_EMAIL_INVALID_MESSAGE)).toBeVisible();
  await email.fill('Billing.Team@Example.test');
  await save.click();
  await expect(toast(page, BILLING_UPDATED_MESSAGE)).toBeVisible();
  await expect(email).toHaveValue('billing.team@example.test');
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(email).toHaveValue('billing.team@example.test');
  await expect(save).toBeDisabled();
  await expect(defaultSwitch(page, VISA)).toBeChecked();

  // On a phone: the page fits, and every card's actions are in reach.
  await page.setViewportSize({ width: 375, height: 812 });
  const remove = card(page, VISA).getByRole('button', { name: `Remove ${VISA}` });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport();
  await expect(defaultSwitch(page, VISA)).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: shotPath(test.info(), 'billing-settings-375.png'),
    fullPage: true,
  });
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  dialog = await openAddCard(page);
  await fillCard(dialog, '6011 1111 1111 1117');
  await page.screenshot({
    path: shotPath(test.info(), 'billing-add-card-375.png'),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Discover ending in 1117')).toContainText('Expires 12/34');
});

test('a group admin cannot reach billing: no menu entry, the pages refused, the API 403', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, { groups: [{ admins: 1 }] });
  const groupAdmin = org.groups[0]!.admins[0]!;
  await signInThroughApi(page, groupAdmin.email, { password: groupAdmin.password });
  await expectPath(page, '/group');
  await profileButton(page).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Billing Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/org/billing-settings');
  await expectPath(page, '/group');
  await expect(page.getByRole('region', { name: 'Payment Methods' })).toHaveCount(0);
  await page.goto('/org/billing-history');
  await expectPath(page, '/group');
  await expect(page.getByRole('table', { name: 'Invoices' })).toHaveCount(0);

  const session = await apiSession(request, groupAdmin.email, groupAdmin.password);
  const calls: [string, string, object?][] = [
    ['GET', '/api/org/details'],
    ['GET', '/api/org/billing_provider'],
    ['GET', '/api/org/list_available_methods'],
    ['PUT', '/api/org/update_org_billing_details', { billing_email: 'group@example.test' }],
    ['POST', '/api/org/attach_billing_method', { method_id: 'pm_local_x', set_as_default: true }],
    ['POST', '/api/org/remove_payment_method', { method_id: 'pm_local_x' }],
    ['GET', '/api/org/invoices/list'],
    ['POST', '/api/billing/local/payment_methods', TEST_CARD],
  ];
  for (const [method, url, data] of calls) {
    const response = await request.fetch(url, { method, headers: session.headers, data });
    expect(response.status(), `${method} ${url}`).toBe(403);
  }
  await signOut(request, session);
});
