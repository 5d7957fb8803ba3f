import { describe, expect, it } from 'vitest';

import {
  adminLoginErrorMessage,
  adminProfileErrorMessage,
  describeAdminError,
  roleUpdateErrorMessage,
} from './admin-messages';

describe('describeAdminError', () => {
  it.each([
    ['a string', 'Email taken', 'Email taken'],
    [
      'a list of items with message and path',
      [
        { path: ['email'], message: 'Invalid' },
        { path: 'phoneNumber', message: 'Too short' },
        { message: 'Whole body wrong' },
      ],
      'email: Invalid, phoneNumber: Too short, Whole body wrong',
    ],
    ['an object with an error', { error: 'Nope' }, 'Nope'],
    ['an object with a message', { message: 'Gone' }, 'Gone'],
    ['any other object', { reason: 42 }, '{"reason":42}'],
    [
      'the API’s error with issues',
      {
        status: 400,
        error: 'Validation failed',
        issues: [{ path: 'email', message: 'Invalid' }],
      },
      'email: Invalid',
    ],
    [
      'the API’s error without issues',
      { status: 409, error: 'Taken' },
      'Taken',
    ],
    [
      'no answer at all',
      { status: 'FETCH_ERROR', error: 'TypeError', synthetic: true },
      'Network error. Please check your connection.',
    ],
    [
      'an answer of the wrong shape',
      { status: 'INVALID_RESPONSE', error: 'x', synthetic: true },
      'Unexpected answer from the server.',
    ],
  ])('reads %s', (_what, error, text) => {
    expect(describeAdminError(error)).toBe(text);
  });
});

describe('roleUpdateErrorMessage', () => {
  it('is the server’s error, else “Failed to update role”', () => {
    expect(roleUpdateErrorMessage({ status: 409, error: 'Last admin' })).toBe(
      'Last admin',
    );
    expect(
      roleUpdateErrorMessage({
        status: 502,
        error: 'Request failed with status 502',
        synthetic: true,
      }),
    ).toBe('Failed to update role');
    expect(roleUpdateErrorMessage(new Error('x'))).toBe(
      'Failed to update role',
    );
  });
});

describe('adminLoginErrorMessage', () => {
  it.each([
    [400, 'Invalid email or password format!'],
    [401, 'Incorrect email or password!'],
    [403, 'Access denied: Admin role required!'],
    [404, 'Admin account not found!'],
    [500, 'Server error! Please try again later.'],
    ['FETCH_ERROR', 'Network error! Please check your connection.'],
  ])('%s gives “%s”', (status, text) => {
    expect(
      adminLoginErrorMessage({ status, error: 'x', synthetic: true }),
    ).toBe(text);
  });

  it('other statuses give the server’s text, else the fallback', () => {
    expect(adminLoginErrorMessage({ status: 429, error: 'Slow down' })).toBe(
      'Slow down',
    );
    expect(
      adminLoginErrorMessage({ status: 429, error: 'x', synthetic: true }),
    ).toBe('Login failed! Please try again.');
  });
});

describe('adminProfileErrorMessage', () => {
  it.each([
    [401, 'Unauthorized: Please log in again.'],
    [404, 'Admin profile not found.'],
    [500, 'Server error. Please try again later.'],
    ['FETCH_ERROR', 'Network error. Please check your connection.'],
    [418, 'Failed to fetch profile.'],
  ])('%s gives “%s”', (status, text) => {
    expect(adminProfileErrorMessage({ status, error: 'x' })).toBe(text);
  });
});
