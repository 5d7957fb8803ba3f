import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  DeleteAccountRequestSchema,
  EditInfoRequestSchema,
  EmailRequestSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  VerifyEmailRequestSchema,
} from './account.js';
import { AdminLoginRequestSchema, LoginRequestSchema } from './auth.js';
import { NamedItemSchema } from './preferences.js';
import {
  CreateRecipeSchema,
  ImportRecipeRequestSchema,
  ParseIngredientsRequestSchema,
  RecipeListQuerySchema,
  UpdateRecipeSchema,
} from './recipes.js';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  multilineText,
  text,
} from './text.js';

describe('hasControlCharacters', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0001b'],
    ['unit separator', 'a\u001fb'],
    ['escape', 'a\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['U+FFFE', 'a\ufffeb'],
    ['U+FFFF', 'a\uffffb'],
    ['a lone high surrogate', 'a\ud83cb'],
    ['a lone high surrogate at the end', 'soup\ud83c'],
    ['a lone low surrogate', 'a\udf72b'],
    ['a pair in the wrong order', 'a\udf72\ud83cb'],
    ['vertical tab in multi-line text', 'a\u000bb'],
  ])('finds %s', (_name, value) => {
    expect(hasControlCharacters(value)).toBe(true);
    expect(hasControlCharacters(value, { multiline: true })).toBe(true);
  });

  it.each([
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\r\nb'],
  ])('refuses %s in single-line text only', (_name, value) => {
    expect(hasControlCharacters(value)).toBe(true);
    expect(hasControlCharacters(value, { multiline: true })).toBe(false);
  });

  it.each([
    ['plain text', 'Lentil soup'],
    ['accents', 'Crème brûlée à la française'],
    ['an emoji (a surrogate pair)', 'Soup 🍲 and salt 🧂'],
    ['a no-break space and other Unicode', 'Jalapeño\u00a0100 g — ½ cup'],
    ['the empty string', ''],
  ])('accepts %s', (_name, value) => {
    expect(hasControlCharacters(value)).toBe(false);
  });
});

describe('text()', () => {
  it('trims first, so a pasted trailing line break is no error', () => {
    expect(text().parse('  bob@example.com\n')).toBe('bob@example.com');
  });

  it('keeps white space when asked (passwords)', () => {
    expect(text({ trim: false }).parse(' pass word ')).toBe(' pass word ');
  });

  it('answers the one text, and only it, for a control character', () => {
    const result = text().min(5, 'too short').safeParse('a\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
    ]);
    expect(CONTROL_CHARACTERS_MESSAGE).toBe(
      'Text must not contain control characters.',
    );
  });

  it('lets multi-line text keep its lines and tabs', () => {
    expect(multilineText().parse('Chop.\n\tStir.\r\nServe.')).toBe(
      'Chop.\n\tStir.\r\nServe.',
    );
    expect(multilineText().safeParse('Chop.\u0000').success).toBe(false);
  });
});

/** Every text field of every request schema refuses NUL with the text. */
const validSignup = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '0123456789',
  state: 'London',
  zipCode: 'NW1',
  password: 'Analytical-Engine-1843!',
};
const validRecipe = {
  name: 'Lentil soup',
  ingredients: '200 g red lentils\n1 onion',
  url: 'https://example.com/soup',
  imageUrls: ['https://example.com/soup.png'],
  directions: 'Chop.\nSimmer.',
  tags: 'soup, vegan',
  description: 'A warming soup.',
  cuisine: 'Turkish',
  meal_types: 'lunch',
};

const cases: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  [
    'login',
    LoginRequestSchema,
    { email: 'a@b.co', password: 'x', rememberMe: false },
    ['email', 'password'],
  ],
  [
    'admin login',
    AdminLoginRequestSchema,
    { email: 'a@b.co', password: 'x' },
    ['email', 'password'],
  ],
  ['sign-up', SignupRequestSchema, validSignup, Object.keys(validSignup)],
  [
    'verify',
    VerifyEmailRequestSchema,
    { email: 'a@b.co', otp: '123456' },
    ['email', 'otp'],
  ],
  ['resend and forgot', EmailRequestSchema, { email: 'a@b.co' }, ['email']],
  [
    'reset',
    ResetPasswordRequestSchema,
    {
      email: 'a@b.co',
      token: 'abc',
      newPassword: 'Analytical-Engine-1843!',
      confirmPassword: 'Analytical-Engine-1843!',
    },
    ['email', 'token', 'newPassword', 'confirmPassword'],
  ],
  ['refresh', RefreshRequestSchema, { refreshToken: 'abc' }, ['refreshToken']],
  [
    'password change',
    EditInfoRequestSchema,
    {
      password: 'Analytical-Engine-1843!',
      currentPassword: 'Old-Engine-1842!',
    },
    ['password', 'currentPassword'],
  ],
  [
    'account deletion',
    DeleteAccountRequestSchema,
    { password: 'x', email: 'a@b.co' },
    ['password', 'email'],
  ],
  ['likes', NamedItemSchema, { name: 'basil' }, ['name']],
  ['new recipe', CreateRecipeSchema, validRecipe, Object.keys(validRecipe)],
  ['recipe edit', UpdateRecipeSchema, validRecipe, Object.keys(validRecipe)],
  [
    'recipe search',
    RecipeListQuerySchema,
    { search: 'soup', tags: 'vegan' },
    ['search', 'tags'],
  ],
  [
    'recipe import',
    ImportRecipeRequestSchema,
    { url: 'https://example.com/' },
    ['url'],
  ],
  [
    'ingredient parser',
    ParseIngredientsRequestSchema,
    { lines: ['1 onion'] },
    ['lines'],
  ],
];

describe.each(cases)('the %s schema', (_name, schema, valid, fields) => {
  it('accepts the valid body', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(fields)('refuses NUL in %s with the text', (field) => {
    const value = valid[field];
    const withNul = Array.isArray(value)
      ? [`${String(value[0])}\u0000x`]
      : `${String(value).slice(0, 1)}\u0000${String(value).slice(1)}`;
    const result = schema.safeParse({ ...valid, [field]: withNul });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find(
      (item) => item.message === CONTROL_CHARACTERS_MESSAGE,
    );
    expect(issue?.path[0]).toBe(field);
  });
});

describe('multi-line fields', () => {
  it('keep line breaks and tabs in directions and ingredients', () => {
    const result = CreateRecipeSchema.safeParse({
      ...validRecipe,
      ingredients: '200 g lentils\r\n1\tonion',
      directions: 'Chop.\n\tSimmer.',
      description: 'Warming.\nFilling.',
    });
    expect(result.success).toBe(true);
  });

  it('refuse a line break in a single-line field', () => {
    for (const body of [
      { ...validRecipe, name: 'Lentil\nsoup' },
      { ...validRecipe, cuisine: 'Turkish\r' },
    ]) {
      const result = CreateRecipeSchema.safeParse(body);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    const signup = SignupRequestSchema.safeParse({
      ...validSignup,
      firstName: 'Ada\n{"level":30}',
    });
    expect(signup.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});
