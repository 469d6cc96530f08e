import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Single sign-on (owned by modules/sso). Kept in the database, not in memory, so every server process
 * behind a load balancer agrees. `sso_requests`: the AuthnRequest IDs this server sent (node-saml's
 * CacheProvider), each bound to the sha256 of the browser's state cookie; a response must answer one
 * of them (InResponseTo), once.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    /** What node-saml stored for the request (its issue instant). */
    value: text('value').notNull(),
    stateHash: text('state_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_requests_expires_at_idx').on(t.expiresAt)],
);

/** Assertion IDs already accepted (issuer and ID), kept until the assertion would have expired anyway. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_assertions_expires_at_idx').on(t.expiresAt)],
);

/**
 * One-time tokens between the identity provider's post and the console's exchange (sha256 of the token).
 * Deleting the user deletes them; `state_hash` ties the token to the browser that started the sign-in.
 */
export const ssoTokens = pgTable(
  'sso_tokens',
  {
    id: text('id').primaryKey(),
    userPk: uuid('user_pk')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_tokens_expires_at_idx').on(t.expiresAt), index('sso_tokens_user_pk_idx').on(t.userPk)],
);
