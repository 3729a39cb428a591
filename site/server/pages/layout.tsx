/** The frame of every site page: header with navigation, language switch and sign-out, footer. */
import type { Child } from "hono/jsx";
import type { SiteLocale, SiteTexts } from "../../i18n/index.ts";

export interface PageFrame {
  t: SiteTexts;
  locale: SiteLocale;
  /** The request's path, for the language switch to come back to. */
  path: string;
  /** The signed-in user, if any. */
  user: { email: string } | null;
  /** This page's nonce for the editor's inserted styles (the page's CSP names it). */
  styleNonce: string;
}

interface LayoutProps extends PageFrame {
  title: string;
  /** Module scripts of this page (under /static/). */
  scripts?: string[];
  children?: Child;
  wide?: boolean;
}

export function Layout(props: LayoutProps) {
  const { t, locale, path, user } = props;
  const other: SiteLocale = locale === "uk" ? "en" : "uk";
  return (
    <html lang={t.htmlLang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <meta name="description" content={t.tagline} />
        <meta name="style-nonce" content={props.styleNonce} />
        <link rel="stylesheet" href="/static/styles.css" />
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml" />
        {(props.scripts ?? []).map((src) => (
          <script type="module" src={`/static/${src}`}></script>
        ))}
      </head>
      <body class={props.wide ? "wide" : undefined}>
        <a class="skip" href="#main">{t.skipToContent}</a>
        <header class="site-header">
          <a class="brand" href="/">
            <img src="/static/icon.svg" alt="" width="28" height="28" />
            <span>{t.siteName}</span>
          </a>
          <nav aria-label={t.siteName}>
            <a href="/" aria-current={path === "/" ? "page" : undefined}>{t.nav.playground}</a>
            <a href="/v1/docs">{t.nav.api}</a>
            {user ? (
              <a href="/account" aria-current={path.startsWith("/account") ? "page" : undefined}>{t.nav.account}</a>
            ) : (
              <a href="/signin" aria-current={path.startsWith("/signin") ? "page" : undefined}>{t.nav.signIn}</a>
            )}
          </nav>
          <div class="header-end">
            <a class="lang-switch" href={`/lang/${other}?back=${encodeURIComponent(path)}`} hreflang={other} lang={other} title={t.nav.language}>
              {other === "en" ? "English" : "Українська"}
            </a>
            {user ? (
              <form method="post" action="/signout" class="signout">
                <button type="submit" class="link-button" title={user.email}>{t.nav.signOut}</button>
              </form>
            ) : null}
          </div>
        </header>
        <main id="main">{props.children}</main>
        <footer class="site-footer">{t.footer}</footer>
      </body>
    </html>
  );
}
