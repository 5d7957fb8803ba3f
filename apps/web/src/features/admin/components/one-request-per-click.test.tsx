/**
 * One request at a time per action (issue 21): in every admin form and
 * dialog, a double click while the first request runs sends nothing more.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { adminUser, usersListHandler } from '../testing/fake-admin-api';
import {
  adminRecipe,
  parseHandler,
  recipesListHandler,
} from '../testing/fake-recipes-api';
import { AdminLoginForm } from './admin-login-form';
import { RecipeManagement } from './recipes/recipe-management';
import { AdminSettingsPanel } from './settings/admin-settings-panel';
import { UserManagement } from './users/user-management';

/** A limit, not a measurement: pages load slowly on a busy machine. */
const slow = { timeout: 30_000 };

type Method = 'post' | 'put' | 'patch' | 'delete';

interface Sent {
  count: number;
  /** Lets the server answer (a refusal). */
  answer: () => void;
}

/** Counts the requests to `path`; they are answered when the test says. */
function countRequests(method: Method, path: string) {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const sent: Sent = { count: 0, answer: () => answer() };
  const handler: HttpHandler = http[method](path, async () => {
    sent.count += 1;
    await answered;
    return HttpResponse.json({ error: 'Not now' }, { status: 400 });
  });
  server.use(handler);
  return sent;
}

/**
 * Exactly one request while the first is unanswered, and none more once
 * it is answered.
 */
async function expectOneRequest(sent: Sent) {
  await waitFor(() => expect(sent.count).toBe(1));
  await delay(50);
  expect(sent.count).toBe(1);
  sent.answer();
  await delay(50);
  expect(sent.count).toBe(1);
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('admin sign-in', slow, () => {
  it('Sign in as admin: a double click sends one login, marked busy', async () => {
    const sent = countRequests('post', '*/api/admin/login');
    const { user } = renderWithProviders(<AdminLoginForm />, {
      route: '/admin',
    });
    await user.click(screen.getByLabelText('Admin email'));
    await user.paste('alan@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('Secret@123');
    await user.dblClick(
      screen.getByRole('button', { name: 'Sign in as admin' }),
    );
    // Disabled and marked busy until the answer.
    expect(screen.getByRole('button', { name: 'Signing in…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expectOneRequest(sent);
  });
});

describe('User Management', slow, () => {
  const grace = adminUser({ invitationPending: true });
  const GRACE_URL = `*/api/admin/users/${grace.id}`;

  async function openAction(action: string) {
    server.use(usersListHandler([grace]).handler);
    const rendered = renderWithProviders(<UserManagement />, {
      route: '/admin/users',
    });
    await rendered.user.click(
      await screen.findByRole('button', { name: 'Actions for Grace Hopper' }),
    );
    await rendered.user.click(screen.getByRole('menuitem', { name: action }));
    return {
      ...rendered,
      dialog: screen.getByRole('dialog', { name: action }),
    };
  }

  it('Edit User: a double click on Save changes sends one update', async () => {
    const sent = countRequests('patch', GRACE_URL);
    const { user, dialog } = await openAction('Edit User');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    await expectOneRequest(sent);
  });

  it('Change Role: a double click sends one change', async () => {
    const sent = countRequests('patch', `${GRACE_URL}/change-role`);
    const { user, dialog } = await openAction('Change Role');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Change role' }),
    );
    await expectOneRequest(sent);
  });

  it('Disable User: a double click sends one change', async () => {
    const sent = countRequests('patch', `${GRACE_URL}/toggle-status`);
    const { user, dialog } = await openAction('Disable User');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Disable User' }),
    );
    await expectOneRequest(sent);
  });

  it('Re-send invitation: a double click mails one link', async () => {
    const sent = countRequests('post', `${GRACE_URL}/invitation`);
    const { user, dialog } = await openAction('Re-send invitation');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Send invitation' }),
    );
    await expectOneRequest(sent);
  });

  it('Add User: a double click creates one user', async () => {
    const sent = countRequests('post', '*/api/admin/users');
    server.use(usersListHandler([grace]).handler);
    const { user } = renderWithProviders(<UserManagement />);
    await screen.findByText('Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Ada Lovelace');
    await user.click(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.paste('ada@example.com');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Add User' }),
    );
    await expectOneRequest(sent);
  });
});

describe('Recipe Management', slow, () => {
  const recipe = adminRecipe();
  const RECIPE_URL = `*/api/recipes/${recipe.id}`;

  async function openRecipes() {
    server.use(recipesListHandler([recipe]).handler, parseHandler().handler);
    const rendered = renderWithProviders(<RecipeManagement />, {
      route: '/admin/recipemanagement',
    });
    await screen.findByText('Green Shakshuka');
    return rendered;
  }

  it('Edit Recipe: a double click on Save changes sends one update', async () => {
    const sent = countRequests('put', RECIPE_URL);
    const { user } = await openRecipes();
    await user.click(
      screen.getByRole('button', { name: 'Edit Green Shakshuka' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Recipe' });
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    await expectOneRequest(sent);
  });

  it('Delete Recipe: a double click sends one delete', async () => {
    const sent = countRequests('delete', RECIPE_URL);
    const { user } = await openRecipes();
    await user.click(
      screen.getByRole('button', { name: 'Delete Green Shakshuka' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Recipe' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectOneRequest(sent);
  });

  async function openAddRecipe() {
    const rendered = await openRecipes();
    await rendered.user.click(
      screen.getByRole('button', { name: 'Add Recipe' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Recipe' });
    const fill = async (label: RegExp, text: string) => {
      await rendered.user.click(within(dialog).getByLabelText(label));
      await rendered.user.paste(text);
    };
    return { ...rendered, dialog, fill };
  }

  it('Import from URL: a double click sends one import', async () => {
    const sent = countRequests('post', '*/api/recipes/import');
    const { user, dialog, fill } = await openAddRecipe();
    await fill(/^Recipe page URL/, 'https://cooking.example/lentil-soup');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Import from URL' }),
    );
    await expectOneRequest(sent);
  });

  it('Add Recipe: a double click creates one recipe', async () => {
    const sent = countRequests('post', '*/api/recipes');
    const { user, dialog, fill } = await openAddRecipe();
    await fill(/^Name/, 'Toast');
    await fill(/^Ingredients/, '1 slice bread');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Add Recipe' }),
    );
    await expectOneRequest(sent);
  });
});

describe('Admin settings', slow, () => {
  function serveSettings() {
    server.use(
      http.get('*/api/admin/settings', () =>
        HttpResponse.json({
          signupOpen: true,
          plannerWeights: {},
          plannerWeightDefaults: { wastePerGram: 1, cuisineRun: 15, like: 8 },
          mailConfigured: true,
          updatedAt: null,
        }),
      ),
    );
  }

  it('Save weights, Reset to defaults and Send test e-mail: one request per double click', async () => {
    serveSettings();
    const saved = countRequests('patch', '*/api/admin/settings');
    const reset = countRequests(
      'post',
      '*/api/admin/settings/reset-planner-weights',
    );
    const mailed = countRequests('post', '*/api/admin/settings/test-email');
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    await user.dblClick(
      await screen.findByRole('button', { name: 'Save weights' }),
    );
    await expectOneRequest(saved);
    await user.dblClick(
      screen.getByRole('button', { name: 'Reset to defaults' }),
    );
    await expectOneRequest(reset);
    await user.dblClick(
      screen.getByRole('button', { name: 'Send test e-mail' }),
    );
    await expectOneRequest(mailed);
  });
});
