import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password check of ADR 005 and security.md S08, on the 49,000
 * most common passwords that zxcvbn-ts ships (all lower case). The spec's
 * composition rule makes exact hits rare ("Password1!" is not in the list),
 * so the word inside the usual decoration is checked too: "Password1!" and
 * "Summer2024!" are refused for "password" and "summer".
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** Digits and symbols people put around a word to pass composition rules. */
const DECORATION = /^[\d\W_]+|[\d\W_]+$/gu;

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose one that is harder to guess.';

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(DECORATION, '');
  return core !== lower && core.length > 0 && COMMON_PASSWORDS.has(core);
}
