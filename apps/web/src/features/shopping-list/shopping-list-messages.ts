/** The shopping list's texts: the spec's own (points 2 and 8) verbatim. */
export const shoppingListTexts = {
  freshEmpty: 'No fresh ingredients to display.',
  pantryEmpty: 'No non-perishable ingredients to display.',
  loaded: 'Ingredients loaded successfully!',
  /** The empty list's way forward (issue 21). */
  emptyHint:
    'Nothing to buy yet: your list fills in once your week is planned. Choose your days and meals in Settings, then Save All Settings.',
  unauthorized: 'Please log in to access your shopping list.',
  loadFailed: 'Failed to load ingredients. Please try again.',
  tickFailed: 'Could not save your tick. Please try again.',
  offlineSynced: 'Back online: the ticks you made offline are saved.',
  offline: (syncedAt: string | null) =>
    `You are offline. ${syncedAt ? `This list was last synced ${syncedAt}.` : 'This list may be out of date.'} Ticks stay on this device and are sent when you are back online. Copying, printing and saving the list work offline; putting things in your kitchen needs the network.`,
  /** A network-only action tried offline (issue 18). */
  needsNetwork:
    'You are offline: putting things in your kitchen needs the network. Your ticks are kept; try again when you are back online.',
  boughtFailed:
    'The ticked items could not be put in your kitchen. Please try again.',
  downloadFailed:
    'The CSV file could not be made. Check your connection and try again.',
  stale:
    'Your meal plan changed, so this is a new shopping list. Ticks start afresh.',
  copied: 'Shopping list copied to the clipboard.',
  copyFailed: 'Could not copy: your browser refused access to the clipboard.',
  downloaded: 'Shopping list downloaded as CSV.',
  /** "I have this" (issue 20). */
  haveExplain: (need: string) =>
    `Your week needs ${need}. Say how much you have at home: it goes into your kitchen and is taken off what to buy; the rest stays on the list.`,
  haveExplainPackage:
    'A pack of it goes into your kitchen and it is taken off what to buy.',
  haveAmount: 'Enter how much you have, a number above 0.',
  haveFailed: 'That could not be saved. Please try again.',
  haveSaved: (what: string) => `In your kitchen: ${what}. The list is updated.`,
} as const;
