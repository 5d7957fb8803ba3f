/**
 * The dashboard's texts: the spec's own (points 2 and 8) verbatim, and the
 * few it does not quote for what we added (locks, the stale-plan reload).
 */
export const mealPlanTexts = {
  empty: 'No meals scheduled. Set your preferences in the Settings tab!',
  loadFailed: 'Failed to load meal plan.',
  regeneratingMeal: 'Regenerating meal...',
  planRegenerated: 'Your new week is ready. Locked meals stayed in place.',
  regenerateFailed: 'Could not regenerate. Please try again.',
  lockFailed: 'Could not change the lock. Please try again.',
  deleteConfirm:
    'Are you sure you want to delete your entire meal plan? This action cannot be undone.',
  deleted: 'Meal plan deleted successfully!',
  /** The server answered that nothing was deleted. */
  deleteFailed: 'Failed to delete meal plan',
  /** The request itself failed. */
  deleteError: 'Error deleting meal plan',
  stale:
    'Your meal plan was changed in another tab or window. The latest plan is shown now; please try again.',
  noSearchMatch: (search: string) => `No meals match “${search}”.`,
  /** Heads the plan's notes (issue 22): what the planner had to give up. */
  notesTitle: (count: number) =>
    count === 1
      ? 'One thing the planner could not avoid:'
      : `${String(count)} things the planner could not avoid:`,
} as const;
