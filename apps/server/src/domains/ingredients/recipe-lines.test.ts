import { describe, expect, it } from 'vitest';

import { catalogueResolver } from './ingredients-service.js';
import {
  deriveLineFacts,
  joinCommaFragments,
  structureLines,
} from './recipe-lines.js';

const resolver = catalogueResolver();

describe('joinCommaFragments', () => {
  it.each([
    [
      ['1 onion', 'chopped', '2 cloves garlic', 'minced', 'salt to taste'],
      ['1 onion, chopped', '2 cloves garlic, minced', 'salt to taste'],
    ],
    [
      ['1 can chickpeas', 'drained and rinsed', '2 tbsp olive oil'],
      ['1 can chickpeas, drained and rinsed', '2 tbsp olive oil'],
    ],
    [
      ['chopped', '1 egg'],
      ['chopped', '1 egg'],
    ],
  ])('joins %j into %j', (fragments, lines) => {
    expect(joinCommaFragments(fragments, resolver)).toEqual(lines);
  });
});

describe('deriveLineFacts', () => {
  const facts = (lines: string[], servings: number | null = 2) =>
    deriveLineFacts(structureLines(lines, resolver), servings);

  it('derives diets, allergens and protein from resolved lines', () => {
    expect(facts(['400 g firm tofu', '2 cups broccoli florets'])).toMatchObject(
      {
        diets: ['none', 'vegan', 'vegetarian', 'gluten-free', 'ketogenic'],
        allergens: ['soy'],
        proteinLevel: 'high',
      },
    );
    expect(facts(['400 g firm tofu', '300 g chicken breast']).diets).toEqual([
      'none',
      'gluten-free',
      'ketogenic',
    ]);
  });

  it('labels no restrictive diet while a line is unknown', () => {
    expect(facts(['400 g firm tofu', '2 tbsp zzyzx paste']).diets).toEqual([
      'none',
    ]);
  });

  it('weighs a recipe without a serving size as one serving', () => {
    expect(facts(['200 g firm tofu'], null).proteinPerServingG).toBe(
      facts(['400 g firm tofu'], 2).proteinPerServingG,
    );
  });
});
