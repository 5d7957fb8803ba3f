import {
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

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

/**
 * Google identities waiting to be linked to an existing password account
 * (security.md S29): a verified Google e-mail matched an account, so the
 * callback kept the identity here, keyed by a SHA-256 of a token held in an
 * HttpOnly cookie of that browser, and the next password login of that
 * account from that browser within 10 minutes links it.
 */
export const googlePendingLinks = pgTable(
  'google_pending_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('google_pending_links_expires_at_idx').on(table.expiresAt),
    index('google_pending_links_user_id_idx').on(table.userId),
  ],
);

export type GooglePendingLinkRow = typeof googlePendingLinks.$inferSelect;

/**
 * A finished Google sign-in waiting for the browser that made it to collect
 * its tokens (issue 16 point 1). The callback keeps the user here and sends
 * the browser to /auth/success with a one-time code; the page trades the code
 * by POST for the tokens, which are made only then and never travel in an
 * address. The trade also needs the secret of an HttpOnly cookie set at the
 * callback, so a code carried to another browser (an attacker's own sign-in
 * in a link) is worth nothing there. Both are stored as SHA-256 only.
 */
export const googleSignInHandoffs = pgTable(
  'google_sign_in_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    /**
     * The callback made the account (a sign-up with Google): only then may
     * the exchange join the household of an invitation the sign-up started
     * from (issue 18). An existing account confirms on the invitation page.
     */
    accountCreated: boolean('account_created').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('google_sign_in_handoffs_expires_at_idx').on(table.expiresAt),
  ],
);

export type GoogleSignInHandoffRow = typeof googleSignInHandoffs.$inferSelect;
