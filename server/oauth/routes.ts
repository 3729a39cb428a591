/**
 * The OAuth 2.1 endpoints the MCP authorization specification asks of a server that is its own
 * authorization server (issue 28): protected-resource metadata (RFC 9728) and authorization-server
 * metadata (RFC 8414) at their well-known paths, dynamic client registration (RFC 7591), the token
 * endpoint (authorization code with PKCE S256, refresh with rotation) and revocation (RFC 7009).
 * The authorization endpoint itself is a page of the site (site/server/oauth-consent.tsx): the user
 * signs in there and approves. Request and metadata shapes are the MCP SDK's own zod schemas.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { OAuthClientMetadataSchema, type OAuthMetadata, type OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../db/open.ts";
import { exchangeCode, findClient, refreshTokens, registerClient, revokeToken, SCOPE, type IssuedTokens, type TokenError } from "./store.ts";

/** Where the MCP endpoint is, relative to the origin (server/mcp/remote.ts mounts it there). */
export const MCP_PATH = "/mcp";
const FORM_LIMIT = 16 * 1024;
/** Registered redirect URIs per client, and the length of each: a registration is a few lines, not storage. */
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;

export function resourceMetadataUrl(origin: string): string {
  return new URL(`/.well-known/oauth-protected-resource${MCP_PATH}`, origin).href;
}

export function authorizationServerMetadata(origin: string): OAuthMetadata {
  const at = (path: string) => new URL(path, origin).href;
  return {
    issuer: origin,
    authorization_endpoint: at("/oauth/authorize"),
    token_endpoint: at("/oauth/token"),
    registration_endpoint: at("/oauth/register"),
    revocation_endpoint: at("/oauth/revoke"),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [SCOPE],
    service_documentation: at("/v1/docs"),
  };
}

function protectedResourceMetadata(origin: string): OAuthProtectedResourceMetadata {
  return {
    resource: new URL(MCP_PATH, origin).href,
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    scopes_supported: [SCOPE],
    resource_name: "Skhema flowcharts",
    resource_documentation: new URL("/v1/docs", origin).href,
  };
}

/**
 * A redirect URI a public client may register: https anywhere, or http only to this machine (native
 * apps listen on a loopback port, RFC 8252 §7.3); no fragment. Custom schemes (`cursor://…`) are
 * how desktop apps receive the code, so they are allowed too, except the ones a browser would run.
 */
export function acceptableRedirect(raw: string): boolean {
  if (raw.length > MAX_URI_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.hash) return false;
  if (url.protocol === "https:") return true;
  if (url.protocol === "http:") return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return !["javascript:", "data:", "file:", "vbscript:", "blob:"].includes(url.protocol);
}

const oauthError = (c: Context, status: 400 | 401, error: TokenError | "unsupported_grant_type" | "invalid_client_metadata" | "invalid_redirect_uri", description: string) =>
  c.json({ error, error_description: description }, status, { "Cache-Control": "no-store" });

async function formOf(c: Context): Promise<Record<string, string>> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) return {};
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export function oauthRoutes(db: Db, origin: string) {
  const app = new Hono();
  const metadata = authorizationServerMetadata(origin);
  const resource = protectedResourceMetadata(origin);
  // Clients look up both documents from a browser page too (CORS), and may try the path-less form.
  const discovery = (body: object) => (c: Context) => c.json(body, 200, { "Access-Control-Allow-Origin": "*", "Cache-Control": "max-age=3600" });
  app.get("/.well-known/oauth-authorization-server", discovery(metadata));
  app.get("/.well-known/oauth-protected-resource", discovery(resource));
  app.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, discovery(resource));

  for (const path of ["/oauth/register", "/oauth/token", "/oauth/revoke"]) {
    app.post(path, bodyLimit({ maxSize: FORM_LIMIT, onError: (c) => oauthError(c, 400, "invalid_request", `request body larger than ${FORM_LIMIT} bytes`) }));
    app.use(path, async (c, next) => {
      c.header("Access-Control-Allow-Origin", "*");
      if (c.req.method === "OPTIONS") {
        c.header("Access-Control-Allow-Methods", "POST");
        c.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        return c.body(null, 204);
      }
      await next();
    });
  }

  app.post("/oauth/register", async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return oauthError(c, 400, "invalid_client_metadata", "the body must be JSON client metadata (RFC 7591)");
    }
    const parsed = OAuthClientMetadataSchema.safeParse(raw);
    if (!parsed.success) return oauthError(c, 400, "invalid_client_metadata", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const meta = parsed.data;
    if (meta.redirect_uris.length === 0 || meta.redirect_uris.length > MAX_REDIRECT_URIS) {
      return oauthError(c, 400, "invalid_redirect_uri", `register 1 to ${MAX_REDIRECT_URIS} redirect URIs`);
    }
    const bad = meta.redirect_uris.find((uri) => !acceptableRedirect(uri));
    if (bad !== undefined) return oauthError(c, 400, "invalid_redirect_uri", `not an acceptable redirect URI: ${bad.slice(0, 200)} (https, http on loopback, or an app's own scheme)`);
    if (meta.token_endpoint_auth_method !== undefined && meta.token_endpoint_auth_method !== "none") {
      return oauthError(c, 400, "invalid_client_metadata", "only public clients (token_endpoint_auth_method none, with PKCE) are registered");
    }
    const name = (meta.client_name ?? "").trim().slice(0, 100) || new URL(meta.redirect_uris[0]!).host || "MCP client";
    const client = await registerClient(db, name, meta.redirect_uris);
    return c.json(
      {
        client_id: client.id,
        client_id_issued_at: Math.floor(client.createdAt / 1000),
        client_name: client.name,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        scope: SCOPE,
      },
      201,
      { "Cache-Control": "no-store" },
    );
  });

  app.post("/oauth/token", async (c) => {
    const form = await formOf(c);
    const clientId = form.client_id ?? "";
    if (!(await findClient(db, clientId))) return oauthError(c, 401, "invalid_client", "unknown client_id");
    let issued: IssuedTokens | TokenError;
    if (form.grant_type === "authorization_code") {
      const { code, redirect_uri: redirectUri, code_verifier: codeVerifier } = form;
      if (!code || !redirectUri || !codeVerifier) return oauthError(c, 400, "invalid_request", "code, redirect_uri and code_verifier are required");
      issued = await exchangeCode(db, { code, clientId, redirectUri, codeVerifier });
    } else if (form.grant_type === "refresh_token") {
      if (!form.refresh_token) return oauthError(c, 400, "invalid_request", "refresh_token is required");
      issued = await refreshTokens(db, { refreshToken: form.refresh_token, clientId });
    } else {
      return oauthError(c, 400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
    }
    if (typeof issued === "string") return oauthError(c, 400, issued, "the code or refresh token is unknown, spent, expired, revoked, or was issued to another client or redirect URI, or the code_verifier does not match");
    return c.json(issued, 200, { "Cache-Control": "no-store", Pragma: "no-cache" });
  });

  app.post("/oauth/revoke", async (c) => {
    const form = await formOf(c);
    if (!form.token) return oauthError(c, 400, "invalid_request", "token is required");
    await revokeToken(db, form.token, form.client_id || undefined);
    // RFC 7009 §2.2: the same answer whether or not the token was valid.
    return c.body(null, 200);
  });
  return app;
}
