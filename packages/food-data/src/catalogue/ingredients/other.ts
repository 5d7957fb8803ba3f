/**
 * Seaweed, plant proteins that are not soy, snacks, and water. Water and ice
 * are never bought: NON_PURCHASED_INGREDIENT_IDS lists them so that a
 * shopping list can leave them out.
 */
import { defineIngredients } from './define.js';

export const OTHER = defineIngredients('other', false, [
  {
    id: 'water',
    name: 'water',
    synonyms: [
      'cold water',
      'warm water',
      'boiling water',
      'tap water',
      'hot water',
    ],
    package: [1000, 'ml', 'tap'],
    densityGPerMl: 1.0,
    proteinPer100g: 0,
  },
  {
    id: 'ice',
    name: 'ice',
    synonyms: ['ice cubes', 'ice cube', 'crushed ice'],
    package: [1000, 'g', 'freezer'],
    gramsPerPiece: 25,
    densityGPerMl: 0.6,
    proteinPer100g: 0,
  },
  {
    id: 'nori',
    name: 'nori',
    synonyms: [
      'nori sheets',
      'sushi nori',
      'roasted seaweed',
      'seaweed sheets',
      'laver',
    ],
    package: [10, 'piece', 'pack'],
    gramsPerPiece: 2.8,
    pieceUnits: { sheet: 2.8 },
    proteinPer100g: 41.0,
  },
  {
    id: 'kombu',
    name: 'kombu',
    synonyms: ['dried kelp', 'dashi kombu', 'konbu', 'kelp'],
    package: [50, 'g', 'bag'],
    gramsPerPiece: 5,
    pieceUnits: { sheet: 10 },
    proteinPer100g: 7.0,
  },
  {
    id: 'wakame',
    name: 'wakame',
    synonyms: ['dried wakame', 'wakame seaweed', 'cut wakame'],
    package: [50, 'g', 'bag'],
    densityGPerMl: 0.1,
    proteinPer100g: 15.0,
  },
  {
    id: 'bonito-flakes',
    name: 'bonito flakes',
    synonyms: ['katsuobushi', 'dried bonito flakes', 'bonito'],
    package: [28, 'g', 'bag'],
    densityGPerMl: 0.05,
    proteinPer100g: 77.0,
    flags: ['fish'],
    allergens: ['fish'],
  },
  {
    id: 'seitan',
    name: 'seitan',
    synonyms: ['wheat meat', 'wheat protein', 'seitan pieces'],
    perishable: true,
    package: [250, 'g', 'pack'],
    densityGPerMl: 0.6,
    proteinPer100g: 25.0,
    // Wheat gluten simmered in a soy-sauce broth.
    flags: ['gluten'],
    allergens: ['gluten', 'wheat', 'soy'],
  },
  {
    id: 'tortilla-chips',
    name: 'tortilla chips',
    synonyms: ['tortilla chip', 'corn chips', 'nacho chips', 'totopos'],
    package: [200, 'g', 'bag'],
    pieceUnits: { handful: 25 },
    densityGPerMl: 0.12,
    proteinPer100g: 7.0,
    flags: ['high-carb'],
  },
  {
    // Issue 19: smoothies, protein oats and bakes. Whey is the common kind,
    // so protein powder counts as dairy; a plant one ('pea protein powder')
    // resolves here too, which errs on the safe side: a recipe is never
    // labelled vegan by mistake, at worst not labelled.
    id: 'protein-powder',
    name: 'protein powder',
    synonyms: [
      'whey protein',
      'whey protein powder',
      'whey powder',
      'vanilla protein powder',
      'chocolate protein powder',
    ],
    package: [900, 'g', 'tub'],
    densityGPerMl: 0.4,
    pieceUnits: { scoop: 30 },
    proteinPer100g: 78.0,
    flags: ['dairy'],
    allergens: ['milk'],
  },
]);
