import {
  messages,
  SavePreferencesSchema,
  USER_TOAST_MS,
  type MealPlan,
  type Preferences,
  type UserId,
} from '@platewise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { settingsMessages } from '../preferences-messages';
import {
  countPlannedDays,
  countScheduledMeals,
  hasUnplannedChanges,
  issuesBySection,
  toSaveBody,
  type PreferenceSettings,
  type SettingsSection,
} from '../utils/settings';
import { useLoginRedirect } from './use-saved-settings';
import { isUnauthorized, saveErrorMessage } from './use-settings-saver';

export type SectionErrors = Partial<Record<SettingsSection, string>>;

const toast = (
  message: string,
  severity: 'success' | 'info' | 'warning' | 'error',
) => notify(message, { severity, durationMs: USER_TOAST_MS });

/**
 * 'Save All Settings' (spec points 2, 4, 5 and 8): idle, saving (the
 * overlay), then the dashboard or an error. The settings are checked with
 * the API's own schema first, and the server's 400 issues land on the
 * sections they name.
 */
export function useSaveAllSettings({
  userId,
  saved,
  plan,
  saveCurrent,
  generatePlan,
  getSettings,
  servingSizeError,
}: {
  userId: UserId | null;
  saved: Preferences | undefined;
  /** The stored plan, undefined when there is none. */
  plan: Pick<MealPlan, 'created_at'> | undefined;
  saveCurrent: () => Promise<unknown>;
  /**
   * Makes and stores a new plan from the saved settings (the meal-plans
   * feature's call, handed in by the route: one feature never imports
   * another).
   */
  generatePlan: (userId: string) => Promise<MealPlan>;
  /** The settings form's values as they are now. */
  getSettings: () => PreferenceSettings;
  /** The serving-size field's own error: its text is not in the form yet. */
  servingSizeError: string | null;
}) {
  const navigate = useNavigate();
  const toLogin = useLoginRedirect();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<SectionErrors>({});

  const saveAll = async () => {
    if (userId === null) {
      toast(messages.validation.userIdMissing, 'error');
      void navigate(paths.login.getHref(), { replace: true });
      return;
    }
    const state = getSettings();
    const checked = SavePreferencesSchema.safeParse(toSaveBody(state, userId));
    const found: SectionErrors = checked.success
      ? {}
      : issuesBySection(
          checked.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        );
    if (servingSizeError) found.servingSize = servingSizeError;
    if (countScheduledMeals(state.weeklySchedule) === 0) {
      found.schedule ??= settingsMessages.noMealsChosen;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    if (!hasUnplannedChanges(state, saved, plan)) {
      toast(messages.validation.nothingToSave, 'info');
      return;
    }

    setSaving(true);
    try {
      await saveCurrent();
      const generated = await generatePlan(String(userId));
      toast(
        settingsMessages.saved(countPlannedDays(generated.meals)),
        'success',
      );
      setSaving(false);
      void navigate(paths.user.dashboard.getHref());
    } catch (error) {
      setSaving(false);
      if (isUnauthorized(error)) {
        toLogin();
        return;
      }
      if (isApiQueryError(error) && error.status === 400 && error.issues) {
        setErrors(issuesBySection(error.issues));
      }
      toast(saveErrorMessage(error), 'error');
    }
  };

  return {
    saveAll,
    saving,
    errors,
    clearError: (section: SettingsSection) =>
      setErrors((current) =>
        current[section] === undefined
          ? current
          : { ...current, [section]: undefined },
      ),
  };
}
