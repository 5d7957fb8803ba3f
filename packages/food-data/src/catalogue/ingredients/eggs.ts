/**
 * Eggs. A large egg weighs about 50 g out of the shell (yolk 17 g, white
 * 33 g). Yolks and whites are used from the same carton of eggs (issue 20):
 * each is a part of 'egg', so a recipe's yolks and whites share the eggs it
 * cracks and other dishes share the carton.
 *
 * Shelf life and where it is kept: keeping.ts (USDA FoodKeeper, checked
 * against its data by keeping.test.ts).
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
    synonyms: ['egg albumen'],
    package: [12, 'piece', 'carton of eggs'],
    partOf: { ingredientId: 'egg', gramsPerWhole: 33, withWhole: 'add' },
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
    partOf: { ingredientId: 'egg', gramsPerWhole: 17, withWhole: 'add' },
    gramsPerPiece: 17,
    densityGPerMl: 1.03,
    proteinPer100g: 15.9,
    ...EGG,
  },
]);
