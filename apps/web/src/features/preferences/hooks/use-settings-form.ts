import type { Day, Diet, MealSlot, ProteinLevel } from '@platewise/shared';
import { useMemo } from 'react';
import {
  useForm,
  useFormContext,
  type UseFormGetValues,
  type UseFormReturn,
  type UseFormSetValue,
} from 'react-hook-form';

import { mergeEntries, removeEntry } from '../../../utils/entry-lists';
import {
  DEFAULT_SETTINGS,
  presetSchedule,
  withDayEnabled,
  withMeal,
  type NamedItem,
  type PreferenceSettings,
  type SchedulePreset,
} from '../utils/settings';

/**
 * The settings screen's draft: one react-hook-form form, local to the page
 * (docs/decisions/011-server-data-in-rtk-query-only.md). The saved settings
 * stay in RTK Query's cache; entering the page resets the draft to them.
 */
export function useSettingsForm(): UseFormReturn<PreferenceSettings> {
  return useForm<PreferenceSettings>({ defaultValues: DEFAULT_SETTINGS });
}

/** The settings form of the page, for the parts it renders (dialogs, fields). */
export function useSettingsFormContext(): UseFormReturn<PreferenceSettings> {
  return useFormContext<PreferenceSettings>();
}

const names = (items: readonly NamedItem[]) => items.map(({ name }) => name);
const named = (items: readonly string[]) => items.map((name) => ({ name }));

/**
 * What the user can do to the draft, named as events of the screen (style
 * guide: events, not setters). Each edit writes the field through
 * `setValue`, so `getValues()` sees it at once: a save that follows in the
 * same handler sends it.
 */
export function settingsEdits(
  getValues: UseFormGetValues<PreferenceSettings>,
  setValue: UseFormSetValue<PreferenceSettings>,
) {
  const likes = () => names(getValues('preferences.likes'));
  const dislikes = () => names(getValues('preferences.dislikes'));
  return {
    scheduleDaySwitched(day: Day, enabled: boolean) {
      setValue(
        'weeklySchedule',
        withDayEnabled(getValues('weeklySchedule'), day, enabled),
      );
    },
    scheduleMealToggled(day: Day, slot: MealSlot, checked: boolean) {
      setValue(
        'weeklySchedule',
        withMeal(getValues('weeklySchedule'), day, slot, checked),
      );
    },
    /** "Every day", "Weekdays" or "Dinners only" above the day cards. */
    schedulePresetChosen(preset: SchedulePreset) {
      setValue('weeklySchedule', presetSchedule(preset));
    },
    dietChosen(diet: Diet) {
      setValue('dietaryPreference', diet);
    },
    servingSizeEntered(size: number) {
      setValue('servingSize', size);
    },
    weeknightCookingTimeChosen(minutes: number) {
      setValue('weeknightCookingTime', minutes);
    },
    allergensConfirmed(choice: {
      allergens: Array<number | string>;
      customAllergens: string[];
    }) {
      setValue('allergens', [...choice.allergens]);
      setValue('customAllergens', [...choice.customAllergens]);
    },
    likesAdded(entries: readonly string[]) {
      setValue('preferences.likes', named(mergeEntries(likes(), entries)));
    },
    likeRemoved(entry: string) {
      setValue('preferences.likes', named(removeEntry(likes(), entry)));
    },
    dislikeAdded(entry: string) {
      setValue(
        'preferences.dislikes',
        named(mergeEntries(dislikes(), [entry])),
      );
    },
    dislikeRemoved(entry: string) {
      setValue('preferences.dislikes', named(removeEntry(dislikes(), entry)));
    },
    /** `null` when the chosen tile is clicked again (spec: "click again to clear"). */
    proteinLevelChosen(level: ProteinLevel | null) {
      setValue('proteinLevel', level);
    },
  };
}

export type SettingsEdits = ReturnType<typeof settingsEdits>;

/** The edits of the page's settings form. */
export function useSettingsEdits(): SettingsEdits {
  const { getValues, setValue } = useSettingsFormContext();
  return useMemo(
    () => settingsEdits(getValues, setValue),
    [getValues, setValue],
  );
}
