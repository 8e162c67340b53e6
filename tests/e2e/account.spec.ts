import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signInBrowser, test } from './fixtures.ts';

/** A suffix no other test (nor a second run on the same database) shares. */
const suffix = () => `${Date.now()}-${randomBytes(3).toString('hex')}`;

const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Log in through the form (already on /login). */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Open the user-name dropdown of the header. */
async function openUserMenu(page: Page, name: string): Promise<void> {
  const button = header(page).getByRole('button', { name, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test.describe('register', () => {
  test('registers through the form, then the same e-mail is refused', async ({ page }) => {
    const id = suffix();
    const data = {
      name: `Rita Register ${id}`,
      email: `rita-${id}@e2e.example`,
      password: 'rita-pass-1',
      phone: '555-0101',
      address: '1 Register Road, Testville',
      answer: 'Cricket',
    };
    const fill = async () => {
      await page.getByLabel('Name', { exact: true }).fill(data.name);
      await page.getByLabel('Email', { exact: true }).fill(data.email);
      await page.getByLabel('Password', { exact: true }).fill(data.password);
      await page.getByLabel('Phone', { exact: true }).fill(data.phone);
      await page.getByLabel('Address', { exact: true }).fill(data.address);
      await page.getByPlaceholder('What is Your Favorite sports').fill(data.answer);
      await page.getByRole('button', { name: 'REGISTER' }).click();
    };

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'REGISTER FORM' })).toBeVisible();
    await fill();
    await expect(toast(page, 'User Registered Successfully')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(data.email);

    await page.goto('/register');
    await fill();
    await expect(toast(page, 'Already registered, please login')).toBeVisible();
    await expect(page).toHaveURL('/register');
  });
});

test.describe('login', () => {
  test('a wrong password is refused; the right one signs in and goes home', async ({ page, shop }) => {
    const shopper = await shop.register();
    await page.goto('/login');
    await submitLogin(page, shopper.user.email, 'not-the-password');
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
    await openUserMenu(page, shopper.user.name);
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a signed-out visit to the orders counts down, then login returns to the orders', async ({ page, shop }) => {
    const shopper = await shop.register();
    // Each step of the countdown shows for one second: recorded from inside the page as it changes, so a
    // slow poll on a loaded machine cannot miss one.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { countdownSeen: seen });
      new MutationObserver(() => {
        const step = document.body?.innerText.match(/Redirecting you in \d+ seconds?/)?.[0];
        if (step && seen.at(-1) !== step) seen.push(step);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/dashboard/user/orders');
    await expect(page).toHaveURL('/login');
    // (a last "0 seconds" may flash as the page leaves)
    expect((await page.evaluate(() => (window as unknown as { countdownSeen: string[] }).countdownSeen)).slice(0, 3)).toEqual([
      'Redirecting you in 3 seconds',
      'Redirecting you in 2 seconds',
      'Redirecting you in 1 second',
    ]);

    await submitLogin(page, shopper.user.email, shopper.password);
    await expect(page).toHaveURL('/dashboard/user/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
    await expect(page.getByText('You have no orders yet')).toBeVisible();
  });
});

test.describe('guards', () => {
  test('a signed-in shopper on the admin area is counted down and sent to the shop', async ({ page, shop }) => {
    const shopper = await shop.register();
    await signInBrowser(page, shopper);
    await page.goto('/dashboard/admin');
    // Any step of the countdown (each shows for 1 s, which a slow poll can miss); its exact steps are recorded above.
    await expect(page.getByText(/Redirecting you in \d seconds?/)).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toBeVisible();
  });

  test('a guest on the admin area is sent to login', async ({ page }) => {
    await page.goto('/dashboard/admin');
    await expect(page.getByText(/Redirecting you in \d seconds?/)).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'LOGIN FORM' })).toBeVisible();
  });
});

test.describe('dashboard', () => {
  test('the user dashboard shows name, e-mail, address and the menu; Dashboard in the dropdown goes there', async ({ page, shop }) => {
    const shopper = await shop.register({ address: `7 Dashboard Street ${suffix()}` });
    await signInBrowser(page, shopper);
    await page.goto('/');
    await openUserMenu(page, shopper.user.name);
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard/user');

    const main = page.getByRole('main');
    await expect(main.getByText(shopper.user.name, { exact: true })).toBeVisible();
    await expect(main.getByText(shopper.user.email, { exact: true })).toBeVisible();
    await expect(main.getByText(shopper.user.address, { exact: true })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard/user/profile');
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/user/orders');
    await menu.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/dashboard/user/orders');
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/dashboard/user/profile');
  });

  test('for the administrator, Dashboard goes to /dashboard/admin', async ({ page, shop }) => {
    await signInBrowser(page, await shop.admin());
    await page.goto('/');
    await openUserMenu(page, ADMIN.name);
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the owner lands on the admin area after signing in, in its own frame (no shop search, cart or categories)', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL('/dashboard/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('search')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: /Categories/ })).toHaveCount(0);
    await header(page).getByRole('link', { name: 'View the shop' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('search')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toBeVisible();
  });
});

test.describe('profile', () => {
  test('is prefilled; a new name and address show at once in the header, dashboard and cart', async ({ page, shop }) => {
    const shopper = await shop.register();
    await signInBrowser(page, shopper);
    await page.goto('/dashboard/user/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'USER PROFILE' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper.user.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.user.email);
    await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(shopper.user.phone);
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(shopper.user.address);

    const id = suffix();
    const name = `Nina Renamed ${id}`;
    const address = `99 New Address Avenue ${id}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Address', { exact: true }).fill(address);
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(toast(page, 'Profile Updated Successfully')).toBeVisible();
    await expect(header(page).getByRole('button', { name, exact: true })).toBeVisible();
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toHaveCount(0);

    await openUserMenu(page, name);
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard/user');
    await expect(page.getByRole('main').getByText(address, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();

    await header(page).getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${name}` })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Cart Summary' }).getByText(address, { exact: true })).toBeVisible();

    // The change is saved on the server, not only in the browser.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${name}` })).toBeVisible();
    const fresh = await shop.login(shopper.user.email, shopper.password);
    expect(fresh.user.name).toBe(name);
    expect(fresh.user.address).toBe(address);
  });

  test('a new password needs the current one, then replaces the old one', async ({ page, shop }) => {
    const shopper = await shop.register();
    // Signed in through storage; the logout below navigates in the page, so the session is not put back.
    await signInBrowser(page, shopper);
    await page.goto('/dashboard/user/profile');
    const current = page.getByRole('form', { name: 'USER PROFILE' }).getByLabel('Current password', { exact: true });
    await expect(current).toHaveValue('');
    const newPassword = `fresh-pass-${suffix()}`;
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'UPDATE' }).click();
    // Checked before sending: the current password is asked for, and gets the focus.
    await expect(page.getByText('Current password is required to set a new password')).toBeVisible();
    await expect(current).toBeFocused();
    // A wrong one is refused by the server, and nothing changes.
    await current.fill('not-my-password');
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(toast(page, 'currentPassword: is not your current password')).toBeVisible();
    await current.fill(shopper.password);
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(toast(page, 'Profile Updated Successfully')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(current).toHaveValue('');
    // The change revoked the old token; this session got a new one and stays signed in, even after a reload.
    await page.reload();
    await page.goto('/dashboard/user/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
    expect((await page.request.get('/api/v1/auth/user-auth', { headers: { authorization: shopper.token } })).status()).toBe(401);

    await openUserMenu(page, shopper.user.name);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, shopper.user.email, shopper.password);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toBeVisible();
  });

  test('the security answer changes with the current password; the new answer resets the password', async ({ page, shop, request }) => {
    const shopper = await shop.register({ answer: 'Tennis' });
    await signInBrowser(page, shopper);
    await page.goto('/dashboard/user/profile');
    const form = page.getByRole('form', { name: 'SECURITY ANSWER' });
    await form.getByLabel('New security answer', { exact: true }).fill('Lacrosse');
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByRole('button', { name: 'CHANGE ANSWER' }).click();
    await expect(toast(page, 'currentPassword: is not your current password')).toBeVisible();
    await form.getByLabel('Current password', { exact: true }).fill(shopper.password);
    await form.getByRole('button', { name: 'CHANGE ANSWER' }).click();
    await expect(toast(page, 'Security answer changed')).toBeVisible();
    await expect(form.getByLabel('New security answer', { exact: true })).toHaveValue('');

    const reset = (answer: string) =>
      request.post('/api/v1/auth/forgot-password', { data: { email: shopper.user.email, answer, newPassword: `after-${suffix()}` } });
    expect((await reset('Tennis')).status()).toBe(401);
    expect((await reset('Lacrosse')).status()).toBe(200);
  });
});

test.describe('forgot password', () => {
  test('a wrong answer is refused; the right one resets and the new password logs in', async ({ page, shop }) => {
    const shopper = await shop.register({ answer: 'Badminton' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'RESET PASSWORD' })).toBeVisible();

    const newPassword = `reset-pass-${suffix()}`;
    await page.getByLabel('Email', { exact: true }).fill(shopper.user.email);
    await page.getByLabel('Favourite sport', { exact: true }).fill('Curling');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'RESET' }).click();
    await expect(toast(page, 'Wrong email or answer')).toBeVisible();
    await expect(page).toHaveURL('/forgot-password');

    await page.getByLabel('Favourite sport', { exact: true }).fill('Badminton');
    await page.getByRole('button', { name: 'RESET' }).click();
    await expect(toast(page, 'Password Reset Successfully')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('logs out from the user dropdown: the server refuses the token after it, and the dashboard is guarded again', async ({ page, shop }) => {
    const shopper = await shop.register();
    await page.goto('/login');
    await submitLogin(page, shopper.user.email, shopper.password);
    await expect(page).toHaveURL('/');
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { token?: string }).token ?? '');
    expect((await page.request.get('/api/v1/auth/user-auth', { headers: { authorization: token } })).status()).toBe(200);

    await openUserMenu(page, shopper.user.name);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logout Successfully')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    // The session ended on the server too: the token, kept by someone, opens nothing.
    expect((await page.request.get('/api/v1/auth/user-auth', { headers: { authorization: token } })).status()).toBe(401);
    // Another session of the same account stays signed in.
    expect((await page.request.get('/api/v1/auth/user-auth', { headers: { authorization: shopper.token } })).status()).toBe(200);

    await page.goto('/dashboard/user');
    await expect(page.getByText(/Redirecting you in \d seconds?/)).toBeVisible();
    await expect(page).toHaveURL('/login');
  });
});
