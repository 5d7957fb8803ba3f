import { describe, expect, it } from 'vitest';

import { generateMealPlanUrl } from './meal-plans-api';

describe('generateMealPlanUrl', () => {
  const id = '6f1c2b1e-2a4b-4c3d-9e8f-0a1b2c3d4e5f';

  it('is relative to the API base by default', () => {
    expect(generateMealPlanUrl(id, undefined)).toBe(
      `generate-meal-plan?user_id=${id}`,
    );
  });

  it('is absolute on the generator host when one is configured', () => {
    expect(generateMealPlanUrl(id, 'https://planner.example.com')).toBe(
      `https://planner.example.com/generate-meal-plan?user_id=${id}`,
    );
    expect(generateMealPlanUrl(id, 'https://example.com/planner/')).toBe(
      `https://example.com/planner/generate-meal-plan?user_id=${id}`,
    );
  });
});
