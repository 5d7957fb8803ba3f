import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('parseEnv', () => {
  it('leaves the plan generator on the API base when unset or empty', () => {
    expect(parseEnv({}).VITE_PLAN_GENERATOR_URL).toBeUndefined();
    expect(
      parseEnv({ VITE_PLAN_GENERATOR_URL: '  ' }).VITE_PLAN_GENERATOR_URL,
    ).toBeUndefined();
  });

  it('takes an absolute http(s) address', () => {
    expect(
      parseEnv({ VITE_PLAN_GENERATOR_URL: 'https://planner.example.com' })
        .VITE_PLAN_GENERATOR_URL,
    ).toBe('https://planner.example.com');
  });

  it('refuses anything else, naming the key', () => {
    expect(() =>
      parseEnv({ VITE_PLAN_GENERATOR_URL: 'planner.example.com' }),
    ).toThrow(/VITE_PLAN_GENERATOR_URL/);
    expect(() =>
      parseEnv({ VITE_PLAN_GENERATOR_URL: 'ftp://planner.example.com' }),
    ).toThrow(/VITE_PLAN_GENERATOR_URL/);
  });
});
