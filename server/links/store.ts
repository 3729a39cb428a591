/**
 * Temporary public links to a rendered file (issue 28): the render's file is kept in the shared
 * database under the SHA-256 of a random token, reachable without a key at /v1/links/<token> until
 * it expires, then deleted (housekeeping). Bounded per account: a number of live links and their
 * bytes, so links cannot turn the service into file storage.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { newToken, sha256Hex as hashOf } from "../accounts/secrets.ts";
import type { Db } from "../db/open.ts";
import { chartLinks } from "../db/schema.ts";
import type { LinkPolicy } from "./policy.ts";



export interface StoredFile {
  data: Uint8Array;
  contentType: string;
  filename: string;
}

export interface CreatedLink {
  token: string;
  expiresAt: number;
}

/** Whether the account may make one more link now (checked before a render, so a refusal costs nothing). */
export async function linkRoom(db: Db, userId: number, policy: LinkPolicy, now = Date.now()): Promise<boolean> {
  const [row] = await db.all<{ n: number; bytes: number | null }>(sql`
    SELECT COUNT(*) AS n, SUM(size) AS bytes FROM ${chartLinks} WHERE user_id = ${userId} AND expires_at > ${now}`);
  return (row?.n ?? 0) < policy.maxLive && (row?.bytes ?? 0) < policy.maxLiveBytes;
}

/**
 * Keeps `file` behind a new token, unless the account's live links would exceed the policy (then
 * null). Counted and inserted in one statement, so links made at once cannot overshoot together.
 */
export async function createLink(db: Db, userId: number, file: StoredFile, policy: LinkPolicy, now = Date.now()): Promise<CreatedLink | null> {
  await db.delete(chartLinks).where(and(eq(chartLinks.userId, userId), lt(chartLinks.expiresAt, now)));
  const token = newToken();
  const expiresAt = now + policy.ttlMs;
  const size = file.data.byteLength;
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${chartLinks} (user_id, token_hash, filename, content_type, size, data, created_at, expires_at)
    SELECT ${userId}, ${hashOf(token)}, ${file.filename}, ${file.contentType}, ${size}, ${Buffer.from(file.data)}, ${now}, ${expiresAt}
    WHERE (SELECT COUNT(*) FROM ${chartLinks} WHERE user_id = ${userId} AND expires_at > ${now}) < ${policy.maxLive}
      AND (SELECT COALESCE(SUM(size), 0) FROM ${chartLinks} WHERE user_id = ${userId} AND expires_at > ${now}) + ${size} <= ${policy.maxLiveBytes}
    RETURNING id`);
  return rows.length > 0 ? { token, expiresAt } : null;
}

/** The file behind a live link, or null (unknown or expired: both look the same to the caller). */
export async function openLink(db: Db, token: string, now = Date.now()): Promise<(StoredFile & { expiresAt: number }) | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ data: chartLinks.data, contentType: chartLinks.contentType, filename: chartLinks.filename, expiresAt: chartLinks.expiresAt })
    .from(chartLinks)
    .where(and(eq(chartLinks.tokenHash, hashOf(token)), gt(chartLinks.expiresAt, now)));
  return row ? { data: new Uint8Array(row.data), contentType: row.contentType, filename: row.filename, expiresAt: row.expiresAt } : null;
}

/** Housekeeping: expired links are deleted. */
export async function purgeExpiredLinks(db: Db, now = Date.now()): Promise<number> {
  const gone = await db.delete(chartLinks).where(lt(chartLinks.expiresAt, now)).returning({ id: chartLinks.id });
  return gone.length;
}
