/**
 * The OAuth authorization endpoint as a page (issue 28): an MCP client sends the user here; signed
 * in (or after signing in — the request waits in a short cookie), they see which app asks and allow
 * or deny it. Allowing issues a one-time code bound to the client's PKCE challenge and redirect URI
 * (server/oauth/store.ts) and sends the browser back to the client. Also: the account page's list
 * of connected apps and their disconnection.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { User } from "../../server/accounts/users.ts";
import { approve, connectedApps, findClient, GrantLimitReached, MAX_GRANTS, revokeGrant } from "../../server/oauth/store.ts";
import { fill } from "../i18n/index.ts";
import { overTls, sessionUser } from "./auth/sessions.ts";
import { ConnectedApps, ConsentPage, type ConsentRequest } from "./pages/consent.tsx";
import type { PageFrame } from "./pages/layout.tsx";
import { MessagePage } from "./pages/signin.tsx";
import { frameOf, html, type SiteDeps } from "./routes.tsx";

/** Where the browser goes after signing in when an app's authorization request waits. */
const NEXT_COOKIE = "skhema_next";
const AUTHORIZE_PATH = "/oauth/authorize";

/** The waiting authorization request, if the cookie holds one (nothing else is ever redirected to). */
export function pendingAuthorization(c: Context): string | undefined {
  const next = getCookie(c, NEXT_COOKIE);
  if (!next) return undefined;
  deleteCookie(c, NEXT_COOKIE, { path: "/", secure: overTls(c) });
  return next.startsWith(`${AUTHORIZE_PATH}?`) && !next.includes("\\") ? next : undefined;
}

type Checked = { ok: true; request: ConsentRequest } | { ok: false; reason: string } | { ok: false; redirect: string };

/**
 * RFC 6749 §4.1.2.1: a request with an unknown client or redirect URI is shown as an error here,
 * never redirected (the URI may be anyone's); any other problem goes back to the client.
 */
async function check(deps: SiteDeps, params: Record<string, string | undefined>): Promise<Checked> {
  const client = params.client_id ? await findClient(deps.db, params.client_id) : null;
  if (!client) return { ok: false, reason: "unknown client_id" };
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) return { ok: false, reason: "redirect_uri is not one the client registered" };
  const back = (error: string, description: string) => {
    const url = new URL(redirectUri);
    url.searchParams.set("error", error);
    url.searchParams.set("error_description", description);
    if (params.state !== undefined) url.searchParams.set("state", params.state);
    return { ok: false as const, redirect: url.href };
  };
  if (params.response_type !== "code") return back("unsupported_response_type", "response_type must be code");
  if (!params.code_challenge || params.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
    return back("invalid_request", "PKCE is required: code_challenge with code_challenge_method S256");
  }
  return { ok: true, request: { clientId: client.id, clientName: client.name, redirectUri, codeChallenge: params.code_challenge, state: params.state } };
}

function badRequestPage(c: Context, frame: PageFrame, reason: string) {
  return html(c, frame, <MessagePage {...frame} title={frame.t.oauth.title} message={fill(frame.t.oauth.badRequest, { reason })} />, 400);
}

export function oauthSiteRoutes(deps: SiteDeps) {
  const app = new Hono<{ Variables: { user: User | null } }>();
  const framed = (c: Context, user: User | null): PageFrame => ({ ...frameOf(c), user: user ? { email: user.email } : null });

  app.get(AUTHORIZE_PATH, async (c) => {
    const user = await sessionUser(deps.db, c);
    const frame = framed(c, user);
    const checked = await check(deps, c.req.query());
    if (!checked.ok) return "redirect" in checked ? c.redirect(checked.redirect, 302) : badRequestPage(c, frame, checked.reason);
    if (!user) {
      // Ten minutes to sign in; the request comes back to this page afterwards.
      setCookie(c, NEXT_COOKIE, `${AUTHORIZE_PATH}?${new URL(c.req.url).searchParams}`, { path: "/", httpOnly: true, sameSite: "Lax", secure: overTls(c), maxAge: 600 });
      return c.redirect("/signin", 303);
    }
    c.header("Cache-Control", "no-store");
    // The page must not be framed: a click on «Allow» has to be the user's own.
    c.header("X-Frame-Options", "DENY");
    return html(c, frame, <ConsentPage {...frame} request={checked.request} email={user.email} credits={user.credits} />);
  });

  app.post(AUTHORIZE_PATH, bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const user = await sessionUser(deps.db, c);
    const frame = framed(c, user);
    if (!user) return c.redirect("/signin", 303);
    const body = Object.fromEntries(Object.entries(await c.req.parseBody()).filter((e): e is [string, string] => typeof e[1] === "string"));
    const checked = await check(deps, body);
    if (!checked.ok) return "redirect" in checked ? c.redirect(checked.redirect, 303) : badRequestPage(c, frame, checked.reason);
    const { request } = checked;
    const back = new URL(request.redirectUri);
    if (request.state !== undefined) back.searchParams.set("state", request.state);
    back.searchParams.set("iss", deps.config.origin);
    if (body.decision !== "allow") {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.href, 303);
    }
    const client = (await findClient(deps.db, request.clientId))!;
    try {
      back.searchParams.set("code", await approve(deps.db, user.id, client, request.redirectUri, request.codeChallenge));
    } catch (error) {
      if (error instanceof GrantLimitReached) return html(c, frame, <MessagePage {...frame} title={frame.t.oauth.title} message={fill(frame.t.oauth.limit, { max: MAX_GRANTS })} />, 400);
      throw error;
    }
    return c.redirect(back.href, 303);
  });

  app.post("/account/apps/:id/disconnect", async (c) => {
    const user = await sessionUser(deps.db, c);
    if (!user) return c.redirect("/signin", 303);
    const id = Number(c.req.param("id"));
    if (Number.isSafeInteger(id)) await revokeGrant(deps.db, user.id, id);
    return c.redirect("/account?done=disconnected", 303);
  });
  return app;
}

/** The account page's section of connected apps. */
export async function connectedAppsSection(deps: SiteDeps, frame: PageFrame, userId: number) {
  return <ConnectedApps {...frame} apps={await connectedApps(deps.db, userId)} />;
}
