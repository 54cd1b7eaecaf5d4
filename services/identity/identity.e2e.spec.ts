import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  callApiInPage,
  dateNextYear,
  describeE2E,
  launchBrowser,
  expectAccessible,
  screenshot,
  startApp,
  submitLogin,
  type RunningApp,
} from '../kit/testing/e2e';
import { linkIn, startSmtpSink, type SmtpSink } from '../messaging/testing';

/**
 * Identity journeys in Chromium against the real app, with mail going to a real SMTP server this test runs:
 * sign up and confirm the address from the mail; invite an organizer who accepts from the mail and meets the
 * no-permission page; choose an account at login; forget and reset a password.
 */

const phone = { width: 390, height: 844 };

/** Lets dialog and toast transitions finish, so a screenshot shows the page at rest. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
}
const desktop = { width: 1280, height: 900 };

describeE2E('Identity: sign-up, invitations, permissions and password reset', () => {
  let app: RunningApp;
  let browser: Browser;
  let sink: SmtpSink;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  const owner = { first: 'Grace', last: 'Hopper', email: 'grace@e2e.test', password: 'grace password 1' };
  const organizer = { first: 'Otto', last: 'Organizer', email: 'otto@e2e.test', password: 'otto password 1' };

  async function newPage(
    options: { viewport?: { width: number; height: number }; dark?: boolean } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: options.viewport ?? desktop,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    contexts.push(context);
    if (options.dark) await context.addInitScript(() => localStorage.setItem('colour_scheme', 'dark'));
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  const logIn = (page: Page, email: string, password: string) =>
    submitLogin(page, app.url, { email, password });

  const mailTo = (address: string, subject: RegExp) =>
    sink.waitFor((mail) => mail.to.includes(address) && subject.test(mail.subject), 20_000);

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startApp({ env: { SMTP_URL: sink.url } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
    await sink?.close();
  });

  it('signs up, confirms the address from the mailed link, logs out and logs in again', async () => {
    const page = await newPage();
    const signUp = async (email: string) => {
      await page.goto(`${app.url}/auth/register`);
      await page.getByLabel('First name').fill(owner.first);
      await page.getByLabel('Last name').fill(owner.last);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(owner.password);
      await page.getByLabel('Confirm password').fill(owner.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      const sent = page.getByTestId('register-sent');
      await sent.waitFor();
      return (await sent.textContent()) ?? '';
    };
    await page.goto(`${app.url}/auth/register`);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The passwords are not the same.').waitFor();

    // An address that has a login is answered like any other: nothing on the page tells them apart.
    const forTaken = await signUp(app.admin.email);
    expect(forTaken).toContain('Check your email');
    await screenshot(page, 'identity/register-check-email');
    await expectAccessible(page, 'register, check your email');
    // Its owner hears of it instead.
    const attempt = await mailTo(app.admin.email, /Someone tried to sign up with your email address/);
    expect(attempt.text).toContain(`${app.url}/auth/forgot-password`);

    const forNew = await signUp(owner.email);
    expect(forNew.replace(owner.email, '…')).toBe(forTaken.replace(app.admin.email, '…'));
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/manage\/events/);
    await page.goto(`${app.url}/welcome`);
    await page.getByRole('heading', { name: `Welcome, ${owner.first}!` }).waitFor();
    await page.getByText(`We sent a link to ${owner.email}.`, { exact: false }).waitFor();
    await screenshot(page, 'identity/welcome');

    const mail = await mailTo(owner.email, /Confirm your email address/);
    expect(mail.html).toContain('Confirm email address');
    await page.goto(linkIn(mail, '/manage/profile/confirm-email-address/'));
    await page.getByText('Your email address is confirmed').waitFor();
    await screenshot(page, 'identity/email-confirmed');
    await page.goto(`${app.url}/welcome`);
    await page.getByText(`${owner.email} is confirmed.`).waitFor();
    // The first-run screen leads to the first organizer and the first event.
    expect(await page.getByRole('button', { name: 'Create event' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Create organizer' }).click();
    const organizerDialog = page.getByRole('dialog');
    await organizerDialog.getByLabel('Name').fill('Hopper Productions');
    await organizerDialog.getByRole('button', { name: 'Save organizer' }).click();
    await organizerDialog.waitFor({ state: 'hidden' });
    await page.getByText('Hopper Productions is ready.').waitFor();
    await page.getByRole('button', { name: 'Create event' }).click();
    const eventDialog = page.getByRole('dialog');
    await eventDialog.getByLabel('Title').fill('Compiler Night');
    await eventDialog.getByLabel('Starts').fill(`${dateNextYear('06-01')}T19:00`);
    await eventDialog.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/manage\/event\/ev_[0-9a-z]+/);
    await page.goto(`${app.url}/welcome`);
    await page.getByText('Your first event is created.').waitFor();
    await settled(page);
    await screenshot(page, 'identity/welcome-done');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await logIn(page, owner.email, 'not my password');
    await page.getByText('Please check your email and password and try again.').waitFor();
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/manage\/events/);
  });

  it('invites an organizer who accepts from the mail, logs in and meets the no-permission page on the users screen', async () => {
    const admin = await newPage();
    await logIn(admin, app.admin.email, app.admin.password);
    await admin.waitForURL(/\/manage\/events/);
    await admin.goto(`${app.url}/account/users`);
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not an address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid email address.').waitFor();
    await dialog.getByLabel('Email').fill(organizer.email);
    await dialog.getByLabel('Role').selectOption('ORGANIZER');
    await settled(admin);
    await screenshot(admin, 'identity/invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('row', { name: new RegExp(organizer.email) })
      .getByText('Invitation pending')
      .waitFor();
    await screenshot(admin, 'identity/users-admin');
    await expectAccessible(admin, 'users (light)');

    const mail = await mailTo(organizer.email, /invited you to join/);
    const invitee = await newPage({ viewport: phone, dark: true });
    await invitee.goto(linkIn(mail, '/auth/accept-invitation/'));
    await invitee.getByRole('heading', { name: 'Join My organisation' }).waitFor();
    await invitee.getByLabel('First name').fill(organizer.first);
    await invitee.getByLabel('Last name').fill(organizer.last);
    await invitee.getByLabel('Password', { exact: true }).fill(organizer.password);
    await invitee.getByLabel('Confirm password').fill(organizer.password);
    await screenshot(invitee, 'identity/accept-invitation-phone-dark');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL(/\/auth\/login\?email=/);
    expect(await invitee.getByLabel('Email').inputValue()).toBe(organizer.email);
    await invitee.getByLabel('Password', { exact: true }).fill(organizer.password);
    await invitee.getByRole('button', { name: 'Log in' }).click();
    await invitee.waitForURL(/\/manage\/events/);

    await invitee.goto(`${app.url}/account/users`);
    await invitee.getByText('You do not have permission to access this page.').waitFor();
    expect(invitee.url()).toMatch(/\/account\/users$/);
    await screenshot(invitee, 'identity/no-permission-phone-dark');
    await invitee.goto(`${app.url}/account/settings`);
    await invitee.getByText('You do not have permission to access this page.').waitFor();

    await admin.reload();
    const row = admin.getByRole('row', { name: new RegExp(organizer.email) });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: `Actions for ${organizer.first} ${organizer.last}` }).click();
    await admin.getByRole('menuitem', { name: 'Deactivate' }).click();
    await row.getByText('Inactive').waitFor();
    // The deactivated organizer's session ends: their next request sends them to the login page.
    await invitee.goto(`${app.url}/manage/profile`);
    await invitee.waitForURL(/\/auth\/login/);
  });

  it('lets someone in two accounts choose one at login, and an admin read the outbox', async () => {
    const admin = await newPage();
    await logIn(admin, app.admin.email, app.admin.password);
    await admin.waitForURL(/\/manage\/events/);
    await admin.goto(`${app.url}/account/users`);
    await admin.getByRole('button', { name: 'Invite user' }).click();
    await admin.getByRole('dialog').getByLabel('Email').fill(owner.email);
    await admin.getByRole('dialog').getByLabel('Role').selectOption('ADMIN');
    await admin.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
    await admin
      .getByRole('row', { name: new RegExp(owner.email) })
      .getByText('Invitation pending')
      .waitFor();

    await admin.goto(`${app.url}/manage/outbox`);
    await admin.getByRole('heading', { name: 'Outbox' }).waitFor();
    await admin
      .getByRole('button', { name: /Open "Admin User invited you to join My organisation"/ })
      .first()
      .click();
    const mailDialog = admin.getByRole('dialog');
    await mailDialog.getByText('Admin User invited you to join My organisation as an admin.').waitFor();
    await settled(admin);
    await screenshot(admin, 'identity/outbox-mail-text');
    await mailDialog.getByRole('tab', { name: 'HTML' }).click();
    const preview = admin.frameLocator('iframe[title="HTML version of the email"]');
    await preview.getByRole('link', { name: 'Accept invitation' }).waitFor();
    await screenshot(admin, 'identity/outbox-mail-html');
    await mailDialog.getByRole('button', { name: 'Close' }).last().click();

    const settings = await newPage({ dark: true });
    await logIn(settings, app.admin.email, app.admin.password);
    await settings.waitForURL(/\/manage\/events/);
    await settings.goto(`${app.url}/account/settings`);
    await settings.getByLabel('Account name').fill('');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Enter the account name.').waitFor();
    await settings.getByLabel('Account name').fill('Harbour Events');
    await settings.getByLabel('Default currency').selectOption('GBP');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('The account settings were saved.').waitFor();
    await screenshot(settings, 'identity/account-settings-dark');
    await expectAccessible(settings, 'account settings (dark)');
    await settings.goto(`${app.url}/account/users`);
    await settings.getByRole('row', { name: new RegExp(organizer.email) }).waitFor();
    await screenshot(settings, 'identity/users-dark');
    await expectAccessible(settings, 'users (dark)');

    const mail = await mailTo(owner.email, /invited you to join/);
    const page = await newPage({ viewport: phone });
    await page.goto(linkIn(mail, '/auth/accept-invitation/'));
    await page.getByText('which already has a login', { exact: false }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(/\/auth\/login/);

    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await screenshot(page, 'identity/account-chooser-phone');
    await page.getByRole('menuitem', { name: /Harbour Events/ }).click();
    await page.waitForURL(/\/manage\/events/);
    await page.goto(`${app.url}/manage/profile`);
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    await expectAccessible(page, 'profile (phone, light)');
    await page.getByLabel('New email address').fill('grace.hopper@e2e.test');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('We sent a link to grace.hopper@e2e.test.', { exact: false }).waitFor();
    await screenshot(page, 'identity/profile-pending-email-phone');
    const change = await mailTo('grace.hopper@e2e.test', /Confirm your new email address/);
    await page.goto(linkIn(change, '/manage/profile/confirm-email-change/'));
    await page.getByText('Your email address was changed').waitFor();
    await page.goto(`${app.url}/manage/profile`);
    expect(await page.getByTestId('current-email').textContent()).toBe('grace.hopper@e2e.test');
    owner.email = 'grace.hopper@e2e.test';
  });

  it('resets a forgotten password from the mailed link, once', async () => {
    const page = await newPage({ viewport: phone });
    await page.goto(`${app.url}/auth/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page, 'forgot password (phone, light)');
    await page.getByLabel('Email').fill(organizer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();
    await screenshot(page, 'identity/forgot-password-sent-phone');

    const mail = await mailTo(organizer.email, /Reset your password/);
    const link = linkIn(mail, '/auth/reset-password/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The password must have at least 8 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm password').fill('a brand new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(/\/auth\/login$/);

    await page.goto(link);
    await page.getByText('This reset password link is invalid or expired.').waitFor();
    await screenshot(page, 'identity/reset-link-invalid-phone');

    // Otto was deactivated in the invitation journey: the new password is right, the account says no.
    await logIn(page, organizer.email, 'a brand new password');
    await page.getByText('Your user is not active in this account.', { exact: false }).waitFor();
    await logIn(page, organizer.email, organizer.password);
    await page.getByText('Please check your email and password and try again.').waitFor();
  });

  it('shows the auth screens properly in dark mode on a phone and in light mode on a desktop', async () => {
    const dark = await newPage({ viewport: phone, dark: true });
    await dark.goto(`${app.url}/auth/register`);
    await dark.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await dark.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await screenshot(dark, 'identity/register-phone-dark');
    // Reflow: nothing on a 390 px wide phone makes the page scroll sideways.
    expect(await dark.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(dark, 'register (phone, dark)');
    await dark.getByLabel('First name').fill(owner.first);
    await dark.getByLabel('Last name').fill(owner.last);
    await dark.getByLabel('Email').fill(app.admin.email);
    await dark.getByLabel('Password', { exact: true }).fill(owner.password);
    await dark.getByLabel('Confirm password').fill(owner.password);
    await dark.getByRole('button', { name: 'Create account' }).click();
    await dark.getByTestId('register-sent').waitFor();
    await screenshot(dark, 'identity/register-check-email-phone-dark');
    expect(await dark.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(dark, 'register, check your email (phone, dark)');
    await dark.goto(`${app.url}/auth/login`);
    await dark.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await screenshot(dark, 'identity/login-phone-dark');
    await expectAccessible(dark, 'login (phone, dark)');
    await dark.goto(`${app.url}/auth/forgot-password`);
    await dark.getByLabel('Email').waitFor();
    await expectAccessible(dark, 'forgot password (phone, dark)');
    const light = await newPage();
    await light.goto(`${app.url}/auth/login`);
    await light.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await screenshot(light, 'identity/login-light');
    await expectAccessible(light, 'login (light)');
    await light.goto(`${app.url}/auth/register`);
    await light.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(light, 'register (light)');
    expect(pageErrors).toEqual([]);
  });
  it('erases a former member at their request, after a warning', async () => {
    const mira = { first: 'Mira', last: 'Vossberg', email: 'mira@e2e.test', password: 'mira password 1' };
    const admin = await newPage();
    await logIn(admin, app.admin.email, app.admin.password);
    await admin.waitForURL(/\/manage\/events/);
    const invited = await callApiInPage<{ data: { id: string } }>(admin, 'POST', '/users', {
      email: mira.email,
      role: 'ORGANIZER',
      first_name: mira.first,
      last_name: mira.last,
    });
    const token = linkIn(await mailTo(mira.email, /invited you to join/), '/auth/accept-invitation/')
      .split('/')
      .at(-1);
    await callApiInPage(
      admin,
      'POST',
      `/auth/invitation/${token}`,
      {
        first_name: mira.first,
        last_name: mira.last,
        password: mira.password,
        password_confirmation: mira.password,
      },
      { anonymous: true },
    );
    await callApiInPage(admin, 'PUT', `/users/${invited.data.id}`, { status: 'INACTIVE' });
    await admin.goto(`${app.url}/account/users`);
    const row = admin.getByRole('row', { name: new RegExp(mira.email) });
    await row.getByText('Inactive').waitFor();
    await row.getByRole('button', { name: `Actions for ${mira.first} ${mira.last}` }).click();
    await admin.getByRole('menuitem', { name: 'Erase personal data' }).click();
    const warning = admin.getByRole('alertdialog');
    await warning.getByText(/This cannot be undone/).waitFor();
    await screenshot(admin, 'identity/erase-member-warning');
    await warning.getByRole('button', { name: 'Erase personal data' }).click();
    await admin.getByText('The personal data was erased.').waitFor();
    await admin.getByRole('cell', { name: 'Erased' }).waitFor();
    expect(await admin.locator('table').first().innerText()).not.toMatch(/mira@e2e\.test|Vossberg/);
    await screenshot(admin, 'identity/member-erased');
    await expectAccessible(admin, 'users after an erasure');
  });
});
