/**
 * The service's data: users, their API keys, and the credit ledger — plus the tables the accounts
 * issue (payments, gifts, notifications, site sessions) fills in, so that issue adds code, not a
 * reshaped schema. Times are Unix milliseconds (integers): sortable, timezone-free, cheap to compare.
 */
import { sql } from "drizzle-orm";
import { blob, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Languages of the account's e-mails (and of the site). */
export const LOCALES = ["uk", "en"] as const;
export type Locale = (typeof LOCALES)[number];

const createdAt = () => integer("created_at").notNull();

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased; the identity a gift or a payment is addressed to. */
    email: text("email").notNull().unique(),
    name: text("name").notNull().default(""),
    /** Cached balance: always the sum of the user's ledger rows (the ledger is the history). */
    credits: integer("credits").notNull().default(0),
    /** Pro is active while now < proUntil; null = never had Pro. */
    proUntil: integer("pro_until"),
    createdAt: createdAt(),
    /** Null for an account a gift created: its credits wait for the first sign-in (interface.md §4.5). */
    signedInAt: integer("signed_in_at"),
    /** Language of the e-mails the account receives. */
    locale: text("locale", { enum: LOCALES }).notNull().default("uk"),
  },
  // Last line of defence: whatever the code does, a balance never goes below zero.
  (t) => [check("credits_not_negative", sql`${t.credits} >= 0`)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    name: text("name").notNull().default(""),
    /** The first characters of the key (`rk_` + 6), shown to the user to tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    hash: text("hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("api_keys_user").on(t.userId)],
);

export const LEDGER_REASONS = ["render", "batch", "topup", "gift_in", "gift_out", "pro_bonus", "admin_grant"] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** One row per change of a balance; `balanceAfter` makes every row checkable on its own. */
export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** What caused it: a request id, a payment id, a gift id, an operator's note. */
    ref: text("ref").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_user").on(t.userId, t.id)],
);

export const PAYMENT_KINDS = ["credits_unit", "credits", "pro"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/**
 * pending → paid when a statement item with the code and at least the price arrives; pending →
 * expired after PAYMENT_TTL_HOURS (an expired payment paid later is still credited: the code is
 * unique and the price was fixed when it was created — docs/payments.md).
 */
export const PAYMENT_STATUSES = ["pending", "paid", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A /topup: created pending, completed by the payment provider's statement item (server/payments/). */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    /** Pack or Pro tier id from the catalog (kind credits / pro). */
    productId: integer("product_id"),
    /** Credits granted when paid: the quantity (credits_unit), the pack's credits, or a Pro tier's bonus. */
    qty: integer("qty"),
    /** Days of Pro granted when paid (kind pro); fixed at creation like the price. */
    days: integer("days"),
    amountKop: integer("amount_kop").notNull(),
    /** The purchase as shown to the payer (TopupResponse.label). */
    label: text("label").notNull().default(""),
    /** The code the payer writes in the payment comment; matches the provider's notice to this row. */
    comment: text("comment").notNull().unique(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The statement item that paid it; unique, so one item can never pay twice. */
    providerRef: text("provider_ref").unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull().default(0),
    paidAt: integer("paid_at"),
  },
  (t) => [index("payments_user").on(t.userId), index("payments_status").on(t.status)],
);

/**
 * What an incoming statement item did. `credited` needs nobody; everything else is listed for the
 * operator (`npm run admin -- payments review`): money is never silently kept.
 */
export const ITEM_OUTCOMES = [
  "credited", // paid a pending payment in full
  "late", // paid an expired payment in full: credited, listed for the operator's information
  "overpaid", // paid a payment and more: credited, the surplus waits for the operator
  "underpaid", // less than the price: nothing credited, the payment stays open
  "already_paid", // a second payment with the code of a paid payment: nothing credited
  "unknown_code", // a comment that looks like a code no payment has
  "no_code", // incoming money without any code in its comment
] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];
/** open = waits for an operator's decision; credited/refused = decided (with a note). */
export const REVIEW_STATES = ["open", "credited", "refused"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Every incoming statement item of the jar, once: its provider id is the idempotency key. */
export const paymentItems = sqliteTable(
  "payment_items",
  {
    /** The provider's statement item id. */
    id: text("id").primaryKey(),
    account: text("account").notNull(),
    /** When the money was paid (the provider's time). */
    time: integer("time").notNull(),
    amountKop: integer("amount_kop").notNull(),
    comment: text("comment").notNull().default(""),
    description: text("description").notNull().default(""),
    paymentId: integer("payment_id").references(() => payments.id),
    outcome: text("outcome", { enum: ITEM_OUTCOMES }).notNull(),
    /** Null when nothing is left to decide. */
    review: text("review", { enum: REVIEW_STATES }),
    reviewNote: text("review_note").notNull().default(""),
    reviewedAt: integer("reviewed_at"),
    /** Random per crediting batch: the batch's later statements act only if its own insert took place. */
    claim: text("claim").notNull(),
    /** Who saw it first: the statement poller or the webhook. */
    source: text("source", { enum: ["poll", "webhook"] }).notNull(),
    seenAt: integer("seen_at").notNull(),
  },
  (t) => [index("payment_items_review").on(t.review), index("payment_items_payment").on(t.paymentId)],
);

/**
 * The provider's per-token call budget and the statement poller's position, shared by every server
 * process through the database (one row per token): a process calls the provider only after it
 * won the conditional update of `lastCallAt`, so two processes never call within the minimum interval.
 */
export const providerState = sqliteTable("provider_state", {
  /** "monobank:" + a hash of the token (never the token itself). */
  key: text("key").primaryKey(),
  lastCallAt: integer("last_call_at").notNull().default(0),
  /** Backoff after a 429 or a 5xx: no call before this time. */
  notBefore: integer("not_before").notNull().default(0),
  failures: integer("failures").notNull().default(0),
  /** Every item up to this time (ms) has been read. */
  cursor: integer("cursor"),
  /** A full answer (500 items) left older items unread: the next window ends here. */
  gapTo: integer("gap_to"),
  /** The newest `to` already read while a gap is being filled. */
  reachedTo: integer("reached_to"),
});

/** A gift moves credits between two ledgers (gift_out / gift_in rows refer to this id). */
export const gifts = sqliteTable("gifts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  fromUserId: integer("from_user_id").notNull().references(() => users.id),
  toUserId: integer("to_user_id").notNull().references(() => users.id),
  qty: integer("qty").notNull(),
  createdAt: createdAt(),
});

/** In-account notifications (a received gift, a completed payment). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind").notNull(),
    /** JSON payload for the site to render. */
    payload: text("payload").notNull().default("{}"),
    createdAt: createdAt(),
    readAt: integer("read_at"),
  },
  (t) => [index("notifications_user").on(t.userId)],
);

/** Site sign-in sessions (accounts issue); like keys, only the token's hash is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * E-mail waiting to be sent. A row is written in the same transaction as what it reports (a gift, a
 * payment, a sign-in code), so the mail is never lost and never sent for something rolled back; a
 * sender in any server process claims due rows with a lease and delivers them (server/mail/sender.ts).
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the mail is about (gift, payment, sign_in …), for the operator's listing. */
    kind: text("kind").notNull().default(""),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    /** Delivery attempts started so far (counted when a sender claims the row). */
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time (backoff after a failure). */
    nextAttemptAt: integer("next_attempt_at").notNull(),
    /** A sender owns the row until then; a crashed sender's claim simply runs out. */
    leaseUntil: integer("lease_until"),
    /** Random token of the claiming sender: only it may record the outcome. */
    claim: text("claim"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("outbox_due").on(t.status, t.nextAttemptAt)],
);

/**
 * Requests per key in the current rate-limit window, shared by every server process on the database
 * (interface.md §8). One row per key, reset in place when its window has passed.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * One-time sign-in codes of the site (issue 10): a 6-digit code and a link token per request, only
 * their hashes stored; a newer request replaces the older one of the same address. Expires after
 * minutes, and a code dies after a few wrong guesses.
 */
export const signInCodes = sqliteTable(
  "sign_in_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased; need not belong to an account yet (the first sign-in creates it). */
    email: text("email").notNull(),
    /** SHA-256 of the link token, hex; also the salt of the code's hash. */
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 of tokenHash + ":" + code, hex. */
    codeHash: text("code_hash").notNull(),
    /** Wrong codes tried against this row. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("sign_in_codes_email").on(t.email)],
);

/**
 * OAuth 2.1 clients of the remote MCP endpoint (issue 28), registered dynamically (RFC 7591): public
 * clients (no secret; PKCE protects the code), known only by their redirect URIs.
 */
export const oauthClients = sqliteTable("oauth_clients", {
  /** `skc_` + random: what the client sends as client_id. */
  id: text("id").primaryKey(),
  /** client_name as registered, shown on the consent page and in the list of connected apps. */
  name: text("name").notNull(),
  /** JSON array of the registered redirect URIs; a code goes only to one of them, matched exactly. */
  redirectUris: text("redirect_uris").notNull(),
  createdAt: createdAt(),
});

/** A user's consent to a client ("connected app"): revoking it ends every token issued under it. */
export const oauthGrants = sqliteTable(
  "oauth_grants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    clientId: text("client_id").notNull().references(() => oauthClients.id),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("oauth_grants_user").on(t.userId)],
);

export const OAUTH_SECRET_KINDS = ["code", "access", "refresh"] as const;
export type OAuthSecretKind = (typeof OAUTH_SECRET_KINDS)[number];

/**
 * Authorization codes, access tokens and refresh tokens of a grant: only the SHA-256 of each is
 * stored, like keys. A code carries its PKCE challenge and redirect URI; a code or refresh token is
 * spent once (`usedAt`).
 */
export const oauthSecrets = sqliteTable(
  "oauth_secrets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    grantId: integer("grant_id").notNull().references(() => oauthGrants.id),
    kind: text("kind", { enum: OAUTH_SECRET_KINDS }).notNull(),
    hash: text("hash").notNull().unique(),
    /** Codes only: the S256 challenge and the redirect URI the code was issued for. */
    codeChallenge: text("code_challenge"),
    redirectUri: text("redirect_uri"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("oauth_secrets_grant").on(t.grantId)],
);

/**
 * Temporary public links to a rendered file (issue 28): reachable without a key at an unguessable
 * URL until `expiresAt`, then deleted. Only the token's hash is stored.
 */
export const chartLinks = sqliteTable(
  "chart_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("chart_links_user").on(t.userId), index("chart_links_expiry").on(t.expiresAt)],
);
