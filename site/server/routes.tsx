/**
 * The site's routes, mounted in the service's Hono app next to /v1: the playground at `/`, the
 * language switch, the built client files and the engine's assets.
 */
import { Hono, type Context } from "hono";
import type { HtmlEscapedString } from "hono/utils/html";
import { getCookie, setCookie } from "hono/cookie";
import type { AssetLoader } from "../../engine/assets.ts";
import type { Config } from "../../server/config.ts";
import type { Db } from "../../server/db/open.ts";
import type { SiteMount } from "../../server/http/deps.ts";
import { render } from "../../engine/index.ts";
import { resolveOptions } from "../../engine/options.ts";
import { LOCALE_COOKIE, parseLocale, SITE_LOCALES, TEXTS, type SiteLocale } from "../i18n/index.ts";
import { loadExamples, type Example } from "./examples.ts";
import type { PageFrame } from "./pages/layout.tsx";
import { PlaygroundPage } from "./pages/playground.tsx";
import { MessagePage } from "./pages/signin.tsx";
import { HTTPException } from "hono/http-exception";
import { localPath, newStyleNonce, originGuard, setSecurityHeaders } from "./security.ts";
import { staticRoutes } from "./static.ts";
import { accountRoutes } from "./account-routes.tsx";
import { oauthSiteRoutes } from "./oauth-routes.tsx";
import { sessionUser } from "./auth/sessions.ts";

export interface SiteDeps {
  db: Db;
  config: Config;
  assets: AssetLoader;
}

export function localeOf(c: Context): SiteLocale {
  return parseLocale(getCookie(c, LOCALE_COOKIE));
}

export function frameOf(c: Context): PageFrame {
  const locale = localeOf(c);
  return { t: TEXTS[locale], locale, path: c.req.path, user: null, styleNonce: newStyleNonce() };
}

/** The first example as it opens the page: drawn once per chart locale, then kept. */
function firstChart(examples: Promise<Example[]>, assets: AssetLoader) {
  const drawn = new Map<SiteLocale, Promise<string>>();
  return (locale: SiteLocale) => {
    let svg = drawn.get(locale);
    if (!svg) {
      svg = (async () => {
        const first = (await examples)[0]!;
        const { file } = await render({ code: first.code, lang: first.lang, format: "svg", options: { locale } }, assets);
        // Inline in HTML: the XML declaration is not allowed there.
        return String(file.data).replace(/^<\?xml[^>]*>\s*/, "");
      })();
      drawn.set(locale, svg);
      svg.catch(() => drawn.delete(locale));
    }
    return svg;
  };
}

/** A site page: the document with the site's security headers (the API's answers keep their own). */
export async function html(c: Context, frame: PageFrame, page: HtmlEscapedString | Promise<HtmlEscapedString>, status: 200 | 400 | 403 | 404 | 429 = 200) {
  setSecurityHeaders(c, frame.styleNonce);
  return c.html(`<!DOCTYPE html>${await page}`, status);
}

/** A browser's page request outside the API (it asks for HTML). */
export function isSitePage(c: Context): boolean {
  return c.req.method === "GET" && !c.req.path.startsWith("/v1") && (c.req.header("accept") ?? "").includes("text/html");
}

export function siteNotFound(c: Context) {
  const frame = frameOf(c);
  return html(c, frame, <MessagePage {...frame} title="404" message={frame.t.notFound} back={{ href: "/", label: frame.t.nav.playground }} />, 404);
}

/** The site as the Bun/Deno hosts mount it in the service's app (server/http/deps.ts). */
export function siteMount(deps: SiteDeps): SiteMount {
  return { routes: siteRoutes(deps), pageNotFound: (c) => (isSitePage(c) ? siteNotFound(c) : null) };
}

export function siteRoutes(deps: SiteDeps) {
  const app = new Hono();
  const examples = loadExamples();
  const chartFor = firstChart(examples, deps.assets);

  const guard = originGuard(deps.config.origin);
  app.use("*", async (c, next) => {
    try {
      return await guard(c, next);
    } catch (error) {
      // A cross-site form or request: the site answers it with a page.
      if (!(error instanceof HTTPException && error.status === 403)) throw error;
      const frame = frameOf(c);
      return html(c, frame, <MessagePage {...frame} title="403" message={frame.t.forbidden} back={{ href: "/", label: frame.t.nav.playground }} />, 403);
    }
  });
  app.route("/", staticRoutes());
  app.route("/", accountRoutes(deps));
  app.route("/", oauthSiteRoutes(deps));

  app.get("/", async (c) => {
    const user = await sessionUser(deps.db, c);
    const frame = { ...frameOf(c), user: user ? { email: user.email } : null };
    const defaults = Object.fromEntries(SITE_LOCALES.map((l) => [l, resolveOptions({ locale: l }).texts]));
    return html(c, frame, <PlaygroundPage {...frame} examples={await examples} svg={await chartFor(frame.locale)} defaults={defaults} />);
  });

  app.get("/lang/:locale", (c) => {
    const locale = parseLocale(c.req.param("locale"));
    setCookie(c, LOCALE_COOKIE, locale, { path: "/", maxAge: 365 * 86_400, sameSite: "Lax" });
    return c.redirect(localPath(c.req.query("back"), deps.config.origin), 303);
  });

  return app;
}
