/**
 * The settings screen's texts of spec points 2 and 8, quoted exactly. The
 * other texts of the screen are our own.
 */
export const settingsMessages = {
  loadFailed: 'Failed to load preferences.',
  loginRequired: 'Please log in to access settings.',
  saveFailed: 'Failed to save settings or fetch meal plan.',
  saving: 'This may take up to 2 minutes to generate your meal plan.',
  saved: (days: number) =>
    `Settings saved successfully! ${days} days of recipes generated.`,
  preferencesSaved: 'Preferences saved successfully!',
  /** Spec point 8; the serving size comes with the preferences here. */
  servingSizeLoadFailed: 'Failed fetch servingsize',
  /** Ours: a plan of no meals is no plan. */
  noMealsChosen:
    'Choose at least one meal in your weekly schedule to get a plan.',
} as const;
