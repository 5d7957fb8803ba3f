/** The Allergens dialog's texts of spec points 2 and 8, quoted exactly. */
export const allergenMessages = {
  saved: 'Allergens saved successfully.',
  loadFailed: 'Failed to fetch allergens and categories',
  placeholder: 'Enter allergens (e.g., banana, mango)',
} as const;
