import { describe, expect, it } from 'vitest';

import { messages } from '../messages.js';
import {
  AdminUserListQuerySchema,
  ChangeRoleSchema,
  CreateUserSchema,
  splitFullName,
  UpdateUserSchema,
} from './admin.js';

describe('splitFullName', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Katherine   Coleman Johnson ', 'Katherine', 'Coleman Johnson'],
    ['Cher', 'Cher', null],
  ])('splits %j', (name, firstName, lastName) => {
    expect(splitFullName(name)).toEqual({ firstName, lastName });
  });
});

describe('the admin forms', () => {
  it('asks for a role with the spec text', () => {
    const result = ChangeRoleSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe(
      messages.validation.selectRole,
    );
    expect(ChangeRoleSchema.safeParse({ role: 'superuser' }).success).toBe(
      false,
    );
  });

  it('treats empty optional fields of the edit form as cleared', () => {
    expect(
      UpdateUserSchema.parse({
        firstName: 'A',
        lastName: 'B',
        email: 'A@B.co',
        phoneNumber: '',
        state: ' ',
      }),
    ).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phoneNumber: null,
      state: null,
    });
  });

  it('refuses control characters in names', () => {
    const result = CreateUserSchema.safeParse({
      name: 'Eve\u0007',
      email: 'eve@example.com',
      role: 'user',
    });
    expect(result.success).toBe(false);
  });

  it('reads the list query the spec client sends, empty role included', () => {
    expect(
      AdminUserListQuerySchema.parse({
        page: '2',
        limit: '25',
        search: ' ',
        role: '',
      }),
    ).toEqual({ page: 2, limit: 25, search: undefined, role: undefined });
  });
});

describe('UpdateUserSchema phoneNumber', () => {
  it.each([
    ['555-123-4567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['', null],
  ])('reads %j as %j, as sign-up does', (input, expected) => {
    const parsed = UpdateUserSchema.parse({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: input,
    });
    expect(parsed.phoneNumber).toBe(expected);
  });

  it('refuses a number that is not 10 digits', () => {
    expect(
      UpdateUserSchema.safeParse({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneNumber: '555-1234',
      }).success,
    ).toBe(false);
  });
});
