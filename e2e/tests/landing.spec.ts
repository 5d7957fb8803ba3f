import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the hero with a muted, looping background video', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const video = page.locator('video');
    await expect(video).toHaveCount(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.loop)).toBe(true);
    await expect(video).toHaveAttribute('poster', /.+/);
  });

  test('FAQ scrolls to the FAQ section and How it works to the steps', async ({
    page,
  }) => {
    const nav = page.getByRole('banner');
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.locator('#faq')).toBeInViewport();
    await nav.getByRole('link', { name: 'How it works' }).click();
    const steps = page.locator('#how-it-works');
    await expect(steps).toBeInViewport();
    for (const step of [
      'Set Preferences',
      'Get Your Weekly Plan',
      'Shop Smart Cook Easy',
    ]) {
      await expect(steps.getByText(step, { exact: true })).toBeVisible();
    }
  });

  test('Contact scrolls to the footer with the e-mail and legal links', async ({
    page,
  }) => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Contact' })
      .click();
    const footer = page.locator('#contact');
    await expect(footer).toBeInViewport();
    await expect(
      footer.getByRole('link', { name: /@/ }).first(),
    ).toHaveAttribute('href', /^mailto:/);
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      /privacy/i,
    );
    await page.goBack();
    await page.locator('#contact').getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('Home scrolls back to the top', async ({ page }) => {
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('#home')).toBeInViewport();
  });

  test('Testimonials is shown but disabled', async ({ page }) => {
    const testimonials = page
      .getByRole('banner')
      .getByRole('button', { name: 'Testimonials' })
      .or(page.getByRole('banner').getByRole('link', { name: 'Testimonials' }));
    await expect(testimonials).toBeVisible();
    await expect(testimonials).toBeDisabled();
  });

  test('Login opens the login modal', async ({ page }) => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Login' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/email/i)).toBeVisible();
    await expect(dialog.getByLabel(/password/i).first()).toBeVisible();
    await dialog.getByRole('button', { name: /^log ?in$/i }).click();
    await expect(dialog.getByText('Please fill in all fields!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Get Started and Start Planning go to /signup', async ({ page }) => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Get Started' })
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Planning' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('See How it Works scrolls to the steps', async ({ page }) => {
    await page
      .getByRole('button', { name: 'See How it Works' })
      .or(page.getByRole('link', { name: 'See How it Works' }))
      .click();
    await expect(page.locator('#how-it-works')).toBeInViewport();
  });

  test('the four FAQ items open and close', async ({ page }) => {
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button', { expanded: false });
    await expect(questions).toHaveCount(4);
    const first = questions.first();
    await first.click();
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(1);
    await expect(faq.getByRole('region').first()).toBeVisible();
    await faq.getByRole('button', { expanded: true }).click();
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
  });
});

test.describe('landing page on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits the screen and offers the links in a menu', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.locator('#faq')).toBeInViewport();
  });
});
