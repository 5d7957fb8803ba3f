import { expect, test } from '@playwright/test';

import { DAYS, logIn, newAccount, sessionOf, signUpAndVerifyThroughApi } from '../support/accounts.js';
import { settleInTheme, THEMES } from '../support/axe.js';

test('screens', async ({ page }) => {
  test.setTimeout(900_000);
  const account = newAccount();
  await signUpAndVerifyThroughApi(page.request, account);
  await logIn(page, account);
  const { token, userId } = await sessionOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await page.request.post('/api/preferences/save', {
    headers,
    data: {
      user_id: userId,
      weekly_schedule: DAYS.map((day_name) => ({ day_name, enabled: true, meals: { breakfast: true, lunch: true, dinner: true } })),
      dietary_preference: 'none',
      protein_level: 'High Protein',
      allergens: [],
      customAllergens: [],
      preferences: { likes: [{ name: 'chicken' }, { name: 'Mexican' }], dislikes: [{ name: 'fish' }] },
      serving_size: 2,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const gen = await page.request.get(`/api/generate-meal-plan?user_id=${userId}`, { headers });
  expect(gen.status()).toBe(200);
  for (const [w, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]] as const) {
    await page.setViewportSize(vp);
    for (const path of ['/user/dashboard', '/user/shoppinglist', '/user/kitchen', '/user/settings']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      for (const theme of THEMES) {
        await settleInTheme(page, theme);
        await page.screenshot({ path: `/tmp/shots/${path.split('/').pop()}-${w}-${theme}.png`, fullPage: true });
      }
    }
  }
});
