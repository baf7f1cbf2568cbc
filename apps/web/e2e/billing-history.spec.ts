import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  CARD_DECLINED_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  INVOICE_PAID_MESSAGE,
  TEST_MODE_LABEL,
  type InvoicesResponse,
} from '@resonant/contracts/billing';
import { expectPath, sideMenu, signInThroughApi } from './support/app.ts';
import { APP_ADMIN, DEMO, DEMO_PASSWORD } from './support/env.ts';
import { apiSession, signOut } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

// The Demo Org is seeded with eight months of invoices by the invoicing code: paid ones, one that
// failed and was then paid, and the latest still to pay ('invoice sent'). Each journey holds
// whatever the others did: only the org admin's pays that one (the demo's one billing write), and
// the other two look at what is true before and after it.

function invoicesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Invoices' });
}

/** The row of one invoice, by its number (the first cell). */
function invoiceRow(table: Locator, number: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByText(number, { exact: true }) });
}

function rowsWithStatus(table: Locator, status: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByText(status, { exact: true }) });
}

/** The header names of a table, in order. */
async function headers(table: Locator): Promise<string[]> {
  return (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
}

/** One cell of a row by its column's header. */
async function cell(table: Locator, row: Locator, header: string): Promise<string> {
  const index = (await headers(table)).indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  // As read aloud: a no-break space is a space.
  return (await row.getByRole('cell').nth(index).innerText()).replace(/\u00a0/g, ' ').trim();
}

async function fillTestCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await form.getByRole('textbox', { name: 'CVC' }).fill('123');
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Olivia Admin');
  await form.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Street');
  await form.getByRole('textbox', { name: 'City' }).fill('Portland');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('97201');
  // The country comes from the browser's locale (en-US).
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  return form;
}

/** A PDF's text, read back as a person would see it. */
async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('the app admin sees every organization’s invoices, with the PDF of each', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, APP_ADMIN.email, { password: APP_ADMIN.password });
  await expectPath(page, '/admin');
  await sideMenu(page).getByRole('link', { name: 'Invoices', exact: true }).click();
  await expectPath(page, '/admin/invoices');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Invoices' })).toBeVisible();

  const table = invoicesTable(page);
  await expect(table.getByRole('row', { name: /Demo Org/ }).first()).toBeVisible();
  expect(await headers(table)).toEqual([
    'Invoice',
    'Organization',
    'Period',
    'Amount',
    'Status',
    'Paid at',
    'Due date',
    'Actions',
  ]);
  // Eight months of the demo's invoices, newest period first; every row offers Download PDF,
  // paid or not, and none Pay Now.
  const demoRows = table.getByRole('row', { name: /Demo Org/ });
  await expect(demoRows).toHaveCount(8);
  await expect(table.getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);
  for (const row of await demoRows.all()) {
    const pdf = row.getByRole('link', { name: /^Download PDF/ });
    await expect(pdf).toHaveAttribute('target', '_blank');
    await expect(pdf).toHaveAccessibleName(/\(opens in a new tab\)$/);
  }
  await page.screenshot({ path: shotPath(test.info(), 'admin-invoices-1440.png'), fullPage: true });

  // The search also matches the organization's name. Rows stay while the next answer loads, so
  // the search first empties the table, then brings the demo's back.
  const search = page.getByRole('textbox', { name: 'Search invoices' });
  await search.fill('no organization by this name');
  await expect(table.getByText('No invoices match your search')).toBeVisible();
  await expect(demoRows).toHaveCount(0);
  await search.fill('demo org');
  await expect(demoRows).toHaveCount(8);
  await search.clear();
  await expect(demoRows).toHaveCount(8);

  await page.setViewportSize({ width: 375, height: 812 });
  // The table scrolls sideways inside its card; the page itself does not.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await expect(demoRows.first().getByRole('link', { name: /^Download PDF/ })).toBeInViewport();
  await page.screenshot({ path: shotPath(test.info(), 'admin-invoices-375.png'), fullPage: true });
});

test('the org admin pays the unpaid invoice with Pay Now and downloads a paid invoice’s PDF', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, DEMO.orgAdmin);
  await expectPath(page, '/org');
  // The users page says the current billing period and its seats so far, and leads to the invoices.
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/org/users');
  await expect(page.getByRole('main')).toContainText(
    /Billing period: [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4} · Seats so far: \d+/,
  );
  await page.screenshot({ path: shotPath(test.info(), 'users-billing-period-1440.png') });
  await page.getByRole('main').getByRole('link', { name: 'Billing History' }).click();
  await expectPath(page, '/org/billing-history');

  const table = invoicesTable(page);
  const unpaid = rowsWithStatus(table, 'Invoice sent');
  await expect(unpaid).toHaveCount(1);
  expect(await headers(table)).not.toContain('Organization');
  const number = await cell(table, unpaid, 'Invoice');
  // The amount, and beneath it what it is made of: seats × the seat price.
  const [amount = '', seatsTimesPrice = ''] = (await cell(table, unpaid, 'Amount')).split(/\n+/);
  expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(seatsTimesPrice).toMatch(/^\d+ × \$\d+\.\d{2}$/);
  expect(await cell(table, unpaid, 'Paid at')).toBe('—');
  // Paid invoices offer their PDF, the unpaid one Pay Now.
  await expect(table.getByRole('link', { name: /^Pay Now/ })).toHaveCount(1);
  await expect(rowsWithStatus(table, 'Paid').first()).toBeVisible();
  const paidRows = await rowsWithStatus(table, 'Paid').count();
  await expect(table.getByRole('link', { name: /^Download PDF/ })).toHaveCount(paidRows);
  await expect(page.getByRole('link', { name: 'Billing Settings' })).toHaveAttribute(
    'href',
    '/org/billing-settings',
  );
  await page.screenshot({
    path: shotPath(test.info(), 'billing-history-1440.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await expect(unpaid.getByRole('link', { name: /^Pay Now/ })).toBeInViewport();
  await page.screenshot({ path: shotPath(test.info(), 'billing-history-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Pay Now opens the hosted invoice in a new tab.
  const payNow = unpaid.getByRole('link', { name: /^Pay Now/ });
  await expect(payNow).toHaveAttribute('target', '_blank');
  await expect(payNow).toHaveAttribute('rel', /noopener/);
  const [payPage] = await Promise.all([page.context().waitForEvent('page'), payNow.click()]);
  await expect(payPage).toHaveURL(/\/billing\/invoice\/in_local_[A-Za-z0-9_-]+$/);
  await payPage.setViewportSize({ width: 1440, height: 1000 });
  await expect(payPage.getByRole('heading', { level: 1, name: number })).toBeVisible();
  const summary = payPage.getByRole('region', { name: 'Invoice' });
  await expect(summary).toContainText('Demo Org');
  await expect(summary).toContainText(amount);
  await expect(summary).toContainText('Invoice sent');
  await expect(payPage.getByText(TEST_MODE_LABEL, { exact: true }).first()).toBeVisible();

  // A declined test card says so, beside the form.
  const form = await fillTestCard(payPage, '4000 0000 0000 0002');
  await payPage.screenshot({ path: shotPath(test.info(), 'pay-page-1440.png'), fullPage: true });
  await form.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(payPage.getByRole('alert').filter({ hasText: CARD_DECLINED_MESSAGE })).toBeVisible();

  await payPage.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => payPage.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await payPage.screenshot({ path: shotPath(test.info(), 'pay-page-375.png'), fullPage: true });

  await form.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(payPage.getByRole('heading', { name: INVOICE_PAID_MESSAGE })).toBeFocused();
  await expect(summary).toContainText('Paid');
  await expect(payPage.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  const receipt = payPage.getByRole('link', { name: 'Download PDF' });
  await expect(receipt).toHaveAttribute(
    'href',
    /\/api\/billing\/local\/invoices\/in_local_.+\/pdf$/,
  );
  await payPage.screenshot({
    path: shotPath(test.info(), 'pay-page-paid-375.png'),
    fullPage: true,
  });
  await payPage.close();

  // Back in the billing history, the invoice is paid and offers its PDF. A browser tells the page
  // it is shown again (visibilitychange) when its tab is picked; headless Chromium keeps every
  // tab visible and never does, so the journey says it as the browser would.
  await page.bringToFront();
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
  const paid = invoiceRow(table, number);
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);
  await expect(table.getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);
  expect(await cell(table, paid, 'Paid at')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  // Its PDF opens in a new tab and names the organization, period, seats and amount.
  const pdfLink = paid.getByRole('link', { name: /^Download PDF/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const href = await pdfLink.getAttribute('href');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const text = await pdfText(await response.body());
  expect(text).toContain('Demo Org');
  expect(text).toContain(number);
  expect(text).toContain(await cell(table, paid, 'Period'));
  expect(text).toContain(`${seatsTimesPrice.split(' × ')[0]} seat`);
  expect(text).toContain(amount);
});

test('the pay page needs no sign-in, shows a paid invoice as paid, and an unknown link as not found', async ({
  page,
  request,
}) => {
  // Any paid invoice of the demo's (the seed pays all but the latest).
  const session = await apiSession(request, DEMO.orgAdmin, DEMO_PASSWORD);
  const answer = await request.get('/api/org/invoices/list?limit=100', {
    headers: session.headers,
  });
  expect(answer.ok()).toBe(true);
  const paid = ((await answer.json()) as InvoicesResponse).list.find(
    (invoice) => invoice.invoice_status === 'paid',
  );
  await signOut(request, session);
  expect(paid?.invoice_url).toBeTruthy();

  // This browser never signed in.
  await page.goto(paid!.invoice_url!);
  await expect(page.getByRole('heading', { level: 1, name: paid!.number })).toBeVisible();
  await expect(page.getByRole('heading', { name: INVOICE_ALREADY_PAID_MESSAGE })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();

  await page.goto('/billing/invoice/in_local_not-an-invoice-of-anyone');
  await expect(page.getByRole('heading', { name: INVOICE_NOT_FOUND_MESSAGE })).toBeVisible();
  // The page says it itself: no error toast repeats it.
  await expect(page.getByRole('alert')).toHaveCount(0);
});
