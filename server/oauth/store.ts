/**
 * The service as its own OAuth 2.1 authorization server for the remote MCP endpoint (issue 28):
 * dynamically registered public clients, a user's consent as a grant, and the grant's secrets —
 * one-time codes bound to a PKCE S256 challenge, short-lived access tokens, rotating refresh tokens.
 * Like API keys, a secret is 32 random bytes and only its SHA-256 is stored; revoking a grant ends
 * every secret issued under it at once.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { verifyChallenge } from "pkce-challenge";
import { newToken, sha256Hex as hashOf } from "../accounts/secrets.ts";
import type { User } from "../accounts/users.ts";
import type { Db } from "../db/open.ts";
import { oauthClients, oauthGrants, oauthSecrets, users, type OAuthSecretKind } from "../db/schema.ts";

export const CODE_TTL_MS = 10 * 60_000;
export const ACCESS_TTL_MS = 60 * 60_000;
export const REFRESH_TTL_MS = 30 * 86_400_000;
/** Apps one account may have connected at once; a new consent beyond it is refused. */
export const MAX_GRANTS = 20;

/** What a token's prefix says it is: a person reading a log or a leak can tell them apart. */
const PREFIX: Record<OAuthSecretKind, string> = { code: "skc_", access: "ska_", refresh: "skr_" };

const newSecret = (kind: OAuthSecretKind): string => PREFIX[kind] + newToken();

export function isAccessToken(token: string): boolean {
  return token.startsWith(PREFIX.access);
}

export interface RegisteredClient {
  id: string;
  name: string;
  redirectUris: string[];
  createdAt: number;
}

export async function registerClient(db: Db, name: string, redirectUris: string[], now = Date.now()): Promise<RegisteredClient> {
  const id = `skc-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url")}`;
  await db.insert(oauthClients).values({ id, name, redirectUris: JSON.stringify(redirectUris), createdAt: now });
  return { id, name, redirectUris, createdAt: now };
}

export async function findClient(db: Db, id: string): Promise<RegisteredClient | null> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
  return row ? { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirectUris) as string[], createdAt: row.createdAt } : null;
}

export class GrantLimitReached extends Error {
  constructor() {
    super(`an account connects at most ${MAX_GRANTS} apps: disconnect one on the account page first`);
  }
}

/**
 * The user approved `client` on the consent page: their grant for it (kept if they had one) and a
 * one-time code for `redirectUri`, bound to the PKCE challenge.
 */
export async function approve(db: Db, userId: number, client: RegisteredClient, redirectUri: string, codeChallenge: string, now = Date.now()): Promise<string> {
  const [existing] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, client.id), isNull(oauthGrants.revokedAt)));
  let grantId = existing?.id;
  if (grantId === undefined) {
    // Counted and inserted in one statement: two consents at once cannot both take the last place.
    const rows = await db.all<{ id: number }>(sql`
      INSERT INTO ${oauthGrants} (user_id, client_id, created_at)
      SELECT ${userId}, ${client.id}, ${now}
      WHERE (SELECT COUNT(*) FROM ${oauthGrants} WHERE user_id = ${userId} AND revoked_at IS NULL) < ${MAX_GRANTS}
      RETURNING id`);
    if (rows.length === 0) throw new GrantLimitReached();
    grantId = rows[0]!.id;
  }
  const code = newSecret("code");
  await db.insert(oauthSecrets).values({ grantId, kind: "code", hash: hashOf(code), codeChallenge, redirectUri, createdAt: now, expiresAt: now + CODE_TTL_MS });
  return code;
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The scope every token carries: render charts and spend the account's credits. */
export const SCOPE = "charts";

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export type TokenError = "invalid_grant" | "invalid_client" | "invalid_request";

async function issueTokens(db: Db, grantId: number, now: number): Promise<IssuedTokens> {
  const access = newSecret("access");
  const refresh = newSecret("refresh");
  await db.insert(oauthSecrets).values([
    { grantId, kind: "access", hash: hashOf(access), createdAt: now, expiresAt: now + ACCESS_TTL_MS },
    { grantId, kind: "refresh", hash: hashOf(refresh), createdAt: now, expiresAt: now + REFRESH_TTL_MS },
  ]);
  return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TTL_MS / 1000, refresh_token: refresh, scope: SCOPE };
}

/**
 * Spends a code or refresh token of a live grant of `clientId` exactly once: the conditional UPDATE
 * is the claim, so two exchanges of one code cannot both succeed. Returns the grant and, for a code,
 * what it was issued for.
 */
async function spend(db: Db, kind: "code" | "refresh", secret: string, clientId: string, now: number) {
  const [row] = await db.all<{ grantId: number; codeChallenge: string | null; redirectUri: string | null }>(sql`
    UPDATE ${oauthSecrets} SET used_at = ${now}
    WHERE hash = ${hashOf(secret)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now}
      AND grant_id IN (SELECT id FROM ${oauthGrants} WHERE client_id = ${clientId} AND revoked_at IS NULL)
    RETURNING grant_id AS grantId, code_challenge AS codeChallenge, redirect_uri AS redirectUri`);
  return row;
}

export async function exchangeCode(
  db: Db,
  request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
  now = Date.now(),
): Promise<IssuedTokens | TokenError> {
  const spent = await spend(db, "code", request.code, request.clientId, now);
  if (!spent) return "invalid_grant";
  if (spent.redirectUri !== request.redirectUri || !spent.codeChallenge) return "invalid_grant";
  if (!(await verifyChallenge(request.codeVerifier, spent.codeChallenge))) return "invalid_grant";
  return issueTokens(db, spent.grantId, now);
}

/** A refresh token is rotated: the old one is spent, a new pair issued under the same grant. */
export async function refreshTokens(db: Db, request: { refreshToken: string; clientId: string }, now = Date.now()): Promise<IssuedTokens | TokenError> {
  const spent = await spend(db, "refresh", request.refreshToken, request.clientId, now);
  return spent ? issueTokens(db, spent.grantId, now) : "invalid_grant";
}

/** RFC 7009: the token (access or refresh) of `clientId` stops working; unknown tokens are no error. */
export async function revokeToken(db: Db, token: string, clientId: string | undefined, now = Date.now()): Promise<void> {
  await db.run(sql`
    UPDATE ${oauthSecrets} SET expires_at = ${now}
    WHERE hash = ${hashOf(token)} AND kind IN ('access', 'refresh')
      ${clientId === undefined ? sql`` : sql`AND grant_id IN (SELECT id FROM ${oauthGrants} WHERE client_id = ${clientId})`}`);
}

export interface TokenHolder {
  user: User;
  grantId: number;
}

/** Writing last-used on every request would make every call a second write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The user a live access token acts for, or null (unknown, expired, or its grant revoked). */
export async function authenticateAccessToken(db: Db, token: string, now = Date.now()): Promise<TokenHolder | null> {
  if (!isAccessToken(token) || token.length > 100) return null;
  const [row] = await db
    .select({ user: users, grantId: oauthGrants.id, lastUsedAt: oauthGrants.lastUsedAt })
    .from(oauthSecrets)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthSecrets.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthSecrets.hash, hashOf(token)), eq(oauthSecrets.kind, "access"), gt(oauthSecrets.expiresAt, now), isNull(oauthGrants.revokedAt)));
  if (!row) return null;
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, row.grantId));
  }
  return { user: row.user, grantId: row.grantId };
}

export interface ConnectedApp {
  grantId: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The account page's list of connected apps (live grants), newest first. */
export function connectedApps(db: Db, userId: number): Promise<ConnectedApp[]> {
  return db
    .select({ grantId: oauthGrants.id, name: oauthClients.name, createdAt: oauthGrants.createdAt, lastUsedAt: oauthGrants.lastUsedAt })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.id));
}

/** Disconnects an app: its grant and every code and token under it stop working. */
export async function revokeGrant(db: Db, userId: number, grantId: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}
