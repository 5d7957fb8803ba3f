/** The 'Admin calls' and success texts of spec point 8 for recipes. */
export const recipeManagementMessages = {
  added: 'Recipe added successfully',
  updated: 'Recipe updated successfully',
  deleted: 'Recipe deleted successfully',
  addFailed: 'Failed to add recipe',
  fetchFailed: (error: string) => `Failed to fetch recipes: ${error}`,
  updateFailed: (error: string) => `Failed to update recipe: ${error}`,
  deleteFailed: (error: string) => `Failed to delete recipe: ${error}`,
  /** Ours: the preview's flag for a line the catalogue does not know. */
  notInCatalogue: 'Not in the catalogue',
} as const;
