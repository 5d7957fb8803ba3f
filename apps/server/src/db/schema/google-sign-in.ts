import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Google sign-in attempts in flight (security.md S28): the `state`, `nonce`
 * and PKCE verifier of one redirect to Google, kept server-side for 10
 * minutes and consumed once by the callback. Keyed by a SHA-256 of `state`,
 * so the table holds no usable `state`; a database table (not process
 * memory) so any process may answer the callback.
 */
export const googleSignInAttempts = pgTable(
  'google_sign_in_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('google_sign_in_attempts_expires_at_idx').on(table.expiresAt),
  ],
);

export type GoogleSignInAttemptRow = typeof googleSignInAttempts.$inferSelect;
