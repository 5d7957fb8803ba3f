import { describe, expect, it } from 'vitest';

import { isCommonPassword } from './password-policy.js';

describe('isCommonPassword', () => {
  it.each([
    'password',
    'P@ssw0rd',
    'Password123!',
    'Summer2024!',
    'Qwerty123$',
    '123456789',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Plate-wise-42!',
    'Fresh-Basil-2024!',
    'Correct horse battery staple 🍲 42&',
    'x7#Lq9!vR2@mZ',
  ])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
