/**
 * Eggs. A large egg weighs about 50 g out of the shell (yolk 17 g, white
 * 33 g). Yolks are not sold on their own: they are bought as a carton of
 * eggs, which is what the yolk's package says.
 *
 * Shelf life (fridge, USDA FoodKeeper, see shelf-life.ts): 28 days in the
 * shell; a carton of liquid white 10, 3 once opened.
 */
import { defineIngredients } from './define.js';

const EGG = { flags: ['egg'], allergens: ['eggs'] } as const;

export const EGGS = defineIngredients('eggs', true, [
  {
    id: 'egg',
    name: 'egg',
    plural: 'eggs',
    synonyms: [
      'large egg',
      'whole egg',
      'free-range egg',
      "hen's egg",
      'medium egg',
    ],
    package: [12, 'piece', 'carton'],
    gramsPerPiece: 50,
    densityGPerMl: 1.03,
    proteinPer100g: 12.6,
    ...EGG,
  },
  {
    id: 'egg-white',
    name: 'egg white',
    plural: 'egg whites',
    synonyms: ['liquid egg white', 'egg albumen'],
    package: [500, 'g', 'carton'],
    shelfLifeDays: 10,
    openedShelfLifeDays: 3,
    gramsPerPiece: 33,
    densityGPerMl: 1.03,
    proteinPer100g: 10.9,
    ...EGG,
  },
  {
    id: 'egg-yolk',
    name: 'egg yolk',
    plural: 'egg yolks',
    package: [12, 'piece', 'carton of eggs'],
    gramsPerPiece: 17,
    densityGPerMl: 1.03,
    proteinPer100g: 15.9,
    ...EGG,
  },
]);
