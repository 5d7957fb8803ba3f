/**
 * Slice `allergensAndCategories` (spec point 3), persisted under
 * `persist:root`: the allergen catalogue as last fetched, for the Allergens
 * dialog to open without waiting.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { sessionEnded } from '../../lib/session-actions';

export interface Allergen {
  id: number | string;
  name: string;
}

export interface AllergenCategory {
  name: string;
  allergens: Allergen[];
}

export interface AllergensAndCategoriesState {
  data: AllergenCategory[];
}

export const initialAllergensState: AllergensAndCategoriesState = { data: [] };

export const allergensSlice = createSlice({
  name: 'allergensAndCategories',
  initialState: initialAllergensState,
  reducers: {
    allergenCategoriesLoaded(state, action: PayloadAction<AllergenCategory[]>) {
      state.data = action.payload;
    },
    allergenCategoriesCleared: () => initialAllergensState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialAllergensState);
  },
  selectors: {
    selectAllergenCategories: (state) => state.data,
  },
});

export const { allergenCategoriesLoaded, allergenCategoriesCleared } =
  allergensSlice.actions;
export const { selectAllergenCategories } = allergensSlice.selectors;
