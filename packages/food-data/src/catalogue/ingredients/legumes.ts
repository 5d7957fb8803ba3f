/**
 * Dried pulses and soy proteins. Dried pulses keep; tofu and tempeh are
 * chilled and perishable. Canned beans are in canned.ts. Pulses count as
 * high-carb for the ketogenic diet; soy products do not (tofu has about 2 g
 * of carbohydrate per 100 g).
 */
import { defineIngredients } from './define.js';

const CARB = ['high-carb'] as const;

export const LEGUMES = defineIngredients('legumes', false, [
  {
    id: 'red-lentils',
    name: 'red lentils',
    synonyms: [
      'red lentil',
      'split red lentils',
      'masoor dal',
      'red split lentils',
    ],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.81,
    proteinPer100g: 24.0,
    flags: CARB,
  },
  {
    id: 'green-lentils',
    name: 'green lentils',
    synonyms: [
      'lentils',
      'lentil',
      'brown lentils',
      'puy lentils',
      'french lentils',
      'green lentil',
      'dried lentils',
    ],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.81,
    proteinPer100g: 24.6,
    flags: CARB,
  },
  {
    id: 'black-lentils',
    name: 'black lentils',
    synonyms: ['beluga lentils', 'urad dal', 'whole urad', 'black gram'],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.81,
    proteinPer100g: 25.0,
    flags: CARB,
  },
  {
    id: 'chana-dal',
    name: 'chana dal',
    synonyms: ['split chickpeas', 'bengal gram', 'chana daal'],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.85,
    proteinPer100g: 22.0,
    flags: CARB,
  },
  {
    id: 'yellow-split-peas',
    name: 'yellow split peas',
    synonyms: [
      'split peas',
      'yellow split pea',
      'green split peas',
      'toor dal',
      'toovar dal',
    ],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.83,
    proteinPer100g: 23.1,
    flags: CARB,
  },
  {
    id: 'dried-chickpeas',
    name: 'dried chickpeas',
    synonyms: ['dry chickpeas', 'dried garbanzo beans', 'kabuli chana'],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.85,
    proteinPer100g: 20.5,
    flags: CARB,
  },
  {
    id: 'dried-black-beans',
    name: 'dried black beans',
    synonyms: ['dry black beans', 'dried black turtle beans'],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.82,
    proteinPer100g: 21.6,
    flags: CARB,
  },
  {
    id: 'dried-kidney-beans',
    name: 'dried kidney beans',
    synonyms: ['dry kidney beans', 'rajma'],
    package: [500, 'g', 'bag'],
    densityGPerMl: 0.78,
    proteinPer100g: 23.6,
    flags: CARB,
  },
  // Soy proteins, chilled.
  {
    id: 'firm-tofu',
    name: 'firm tofu',
    synonyms: [
      'tofu',
      'extra-firm tofu',
      'bean curd',
      'pressed tofu',
      'smoked tofu',
    ],
    perishable: true,
    package: [400, 'g', 'block'],
    pieceUnits: { block: 400 },
    densityGPerMl: 1.05,
    proteinPer100g: 14.0,
    allergens: ['soy'],
  },
  {
    id: 'silken-tofu',
    name: 'silken tofu',
    synonyms: ['soft tofu', 'silken bean curd', 'soft silken tofu'],
    perishable: true,
    package: [350, 'g', 'pack'],
    pieceUnits: { block: 350 },
    densityGPerMl: 1.05,
    proteinPer100g: 5.5,
    allergens: ['soy'],
  },
  {
    id: 'tempeh',
    name: 'tempeh',
    synonyms: ['tempe', 'soy tempeh'],
    perishable: true,
    package: [200, 'g', 'block'],
    pieceUnits: { block: 200 },
    densityGPerMl: 0.7,
    proteinPer100g: 19.0,
    allergens: ['soy'],
  },
]);
