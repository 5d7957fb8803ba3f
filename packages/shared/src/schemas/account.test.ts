import { describe, expect, it } from 'vitest';

import { messages } from '../messages.js';
import {
  normalizePhoneNumber,
  PhoneNumberSchema,
  SignupRequestSchema,
} from './account.js';

const signup = {
  firstName: 'Robin',
  email: 'robin@example.com',
  state: 'Oregon',
  password: 'Basil&Lime42',
};

describe('PhoneNumberSchema (issue 11)', () => {
  it.each([
    '5551234567',
    '555-123-4567',
    '(555) 123-4567',
    '(555)123-4567',
    '555.123.4567',
    '555 123 4567',
    ' 555 123 4567 ',
    '+1 555 123 4567',
    '+1 (555) 123-4567',
    '1-555-123-4567',
    '+15551234567',
  ])('accepts %j as its 10 digits', (typed) => {
    expect(PhoneNumberSchema.parse(typed)).toBe('5551234567');
  });

  it.each([
    '555-123-456',
    '555-123-45678',
    '+44 20 7946 0958',
    '2-555-123-4567',
    '555-CALL-NOW',
    '555_123_4567',
    '5551234567 ext 2',
    `${'5'.repeat(10)}${' '.repeat(40)}1`,
  ])('refuses %j with the spec message', (typed) => {
    const result = PhoneNumberSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      messages.validation.phoneDigits,
    );
  });

  it('still asks for the field when it is empty', () => {
    const result = PhoneNumberSchema.safeParse('  ');
    expect(result.error?.issues[0]?.message).toBe(
      messages.validation.required('Phone Number'),
    );
  });

  it('leaves an unknown shape as typed, so the rule can refuse it', () => {
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
  });
});

describe('SignupRequestSchema', () => {
  it('sends and stores the 10 digits of a formatted phone number', () => {
    const parsed = SignupRequestSchema.parse({
      ...signup,
      phoneNumber: '(555) 123-4567',
    });
    expect(parsed.phoneNumber).toBe('5551234567');
  });
});
