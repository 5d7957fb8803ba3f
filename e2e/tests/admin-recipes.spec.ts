import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { ADMIN } from '../support/admin.js';

/**
 * Recipe management against the built product (issue 12): an admin adds a
 * recipe with an uploaded picture and a parsed ingredient list, imports one
 * from a page served on 127.0.0.1 (the server runs with
 * IMPORT_ALLOW_PRIVATE_HOSTS), edits its rating and deletes it.
 */

/** Letters only, unique per test: a name the search finds alone. */
const uniqueWord = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 16 × 12 RGB PNG (a tomato-red field), made here, not a fixture file. */
function smallPng(): Buffer {
  const width = 16;
  const height = 12;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([
    Buffer.from([0]), // filter: none
    Buffer.alloc(width * 3, Buffer.from([214, 69, 54])),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const importedName = `Loopback Dal ${uniqueWord()}`;
const RECIPE_PAGE = `<!doctype html><html><head><title>${importedName}</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: importedName,
  totalTime: 'PT40M',
  recipeYield: '4 servings',
  recipeIngredient: [
    '200g red lentils',
    '1 onion, chopped',
    '2 tbsp olive oil',
  ],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Soften the onion in the oil.' },
    { '@type': 'HowToStep', text: 'Add the lentils and simmer.' },
  ],
  keywords: 'lentils, weeknight',
  recipeCategory: 'Dinner',
})}</script></head><body><h1>${importedName}</h1></body></html>`;

let pages: Server;
let pageUrl: string;

test.beforeAll(async () => {
  pages = createServer((_request, reply) => {
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    reply.end(RECIPE_PAGE);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${String((pages.address() as AddressInfo).port)}/dal`;
});

test.afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

async function adminLogIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in as admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
}

/** Searches the table by name and answers the one row the server finds. */
async function findRecipe(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search recipes' }).fill(name);
  const table = page.getByRole('table', { name: 'Recipes' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // The header row and this one: the server's answer, not a stale page.
  await expect(table.getByRole('row')).toHaveCount(2);
  return row;
}

/**
 * Clicks `button`, asserts the server's answer to the recipe call it makes
 * (so a refusal fails here with its status), then the toast, until it has
 * gone: the next identical toast is then a new one, not this one still
 * showing (the same text waiting is shown once, lib/notifications.ts).
 */
async function submitAndConfirm(
  page: Page,
  button: Locator,
  call: { method: 'POST' | 'PUT' | 'DELETE'; status: number },
  message: string,
) {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === call.method &&
      /^\/api\/recipes(\/[0-9a-f-]{36})?$/.test(
        new URL(response.url()).pathname,
      ),
  );
  await button.click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(call.status);
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  // It hides itself (USER_TOAST_MS); closing it by its button could race
  // that timer on a slow machine.
  await expect(toast).toBeHidden();
}

test.describe('admin recipe management', () => {
  test('an admin adds, imports, edits and deletes recipes', async ({
    page,
  }) => {
    test.slow();
    await adminLogIn(page);
    await page
      .getByRole('navigation', { name: 'Admin pages' })
      .first()
      .getByRole('link', { name: 'Recipe Management' })
      .click();
    await expect(page).toHaveURL(/\/admin\/recipemanagement$/);
    await expect(
      page.getByRole('heading', { name: 'Recipe Management', level: 1 }),
    ).toBeVisible();
    // The catalogue's seed recipes, labelled 'from–to of count'.
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();

    // Add a recipe with a picture and a parsed ingredient list.
    const addedName = `Meadow Omelette ${uniqueWord()}`;
    await page.getByRole('button', { name: 'Add Recipe' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Recipe' });
    await dialog
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill(addedName);
    await dialog.getByLabel('Total cooking time (minutes)').fill('15');
    await dialog.getByLabel('Serving size').fill('2');
    await dialog.getByLabel('Tags').fill(' eggs, , quick ,brunch, green');
    await dialog.getByRole('checkbox', { name: 'Breakfast' }).check();
    await dialog
      .getByRole('textbox', { name: 'Ingredients' })
      .fill('200 g baby spinach\n3 large eggs\n1 jar moonberry chutney');
    const preview = dialog.getByRole('list', { name: 'Parsed ingredients' });
    const rows = preview.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('200 g');
    await expect(rows.nth(0)).toContainText('In the catalogue as spinach');
    await expect(rows.nth(1)).toContainText('In the catalogue as egg');
    await expect(rows.nth(2)).toContainText('Not in the catalogue');
    await dialog
      .getByRole('textbox', { name: 'Directions' })
      .fill('Whisk the eggs.\nWilt the spinach, pour in the eggs.');
    await dialog.getByLabel('Image files').setInputFiles({
      name: 'omelette.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await expect(dialog.getByAltText('Preview of omelette.png')).toBeVisible();
    await submitAndConfirm(
      page,
      dialog.getByRole('button', { name: 'Add Recipe' }),
      { method: 'POST', status: 201 },
      'Recipe added successfully',
    );
    await expect(dialog).toBeHidden();

    let row = await findRecipe(page, addedName);
    await expect(row).toContainText('eggs');
    await expect(row).toContainText('brunch');
    // Four tags: three shown, then the ellipsis (the rest read out only).
    await expect(row.getByText('green', { exact: true })).toHaveCount(0);
    await expect(row).toContainText('…and 1 more: green');

    // The upload was stored: the edit dialog lists the picture among its URLs.
    await row.getByRole('button', { name: `Edit ${addedName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Recipe' });
    const imageUrls = await dialog.getByLabel('Image URLs').inputValue();
    const uploaded = imageUrls.split(',')[0]?.trim() ?? '';
    expect(uploaded).toMatch(/^\/api\/recipes\/[0-9a-f-]{36}\/images\//);
    const picture = await page.request.get(uploaded);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Import one from a page on loopback, review it, save it.
    await page.getByRole('button', { name: 'Add Recipe' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Recipe' });
    await dialog.getByLabel('Recipe page URL').fill(pageUrl);
    await dialog.getByRole('button', { name: 'Import from URL' }).click();
    await expect(dialog.getByText(`Imported “${importedName}”`)).toBeVisible();
    await expect(dialog.getByLabel('Total cooking time (minutes)')).toHaveValue(
      '40',
    );
    await expect(dialog.getByLabel('Source URL')).toHaveValue(pageUrl);
    await expect(
      dialog.getByRole('checkbox', { name: 'Dinner' }),
    ).toBeChecked();
    await expect(
      dialog.getByRole('textbox', { name: 'Ingredients' }),
    ).toHaveValue('200g red lentils\n1 onion, chopped\n2 tbsp olive oil');
    await expect(
      dialog
        .getByRole('list', { name: 'Parsed ingredients' })
        .getByRole('listitem'),
    ).toHaveCount(3);
    await submitAndConfirm(
      page,
      dialog.getByRole('button', { name: 'Add Recipe' }),
      { method: 'POST', status: 201 },
      'Recipe added successfully',
    );

    // Edit its rating.
    row = await findRecipe(page, importedName);
    await row.getByRole('button', { name: `Edit ${importedName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Recipe' });
    await dialog.getByLabel('Rating').fill('5.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      dialog.getByText('Rating must be between 0 and 5'),
    ).toBeVisible();
    await dialog.getByLabel('Rating').fill('4.3');
    await submitAndConfirm(
      page,
      dialog.getByRole('button', { name: 'Save changes' }),
      { method: 'PUT', status: 200 },
      'Recipe updated successfully',
    );
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: `Edit ${importedName}` }).click();
    await expect(dialog.getByLabel('Rating')).toHaveValue('4.3');
    // The comma inside "1 onion, chopped" survived the round trip.
    await expect(
      dialog.getByRole('textbox', { name: 'Ingredients' }),
    ).toHaveValue('200g red lentils\n1 onion, chopped\n2 tbsp olive oil');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete both, after the confirmation.
    for (const name of [importedName, addedName]) {
      row = await findRecipe(page, name);
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      dialog = page.getByRole('dialog', { name: 'Delete Recipe' });
      await expect(dialog).toContainText(name);
      await submitAndConfirm(
        page,
        dialog.getByRole('button', { name: 'Delete' }),
        { method: 'DELETE', status: 204 },
        'Recipe deleted successfully',
      );
      await expect(page.getByText('No recipes found')).toBeVisible();
    }
    // The picture went with its recipe.
    expect((await page.request.get(uploaded)).status()).toBe(404);
  });
});
