/**
 * The account page: balance and Pro, notifications, API keys, gift, top-up and the ledger history.
 * Every change is a small POST form (checked for its origin) that comes back here.
 */
import type { Child } from "hono/jsx";
import { fill, type SiteTexts } from "../../i18n/index.ts";
import { Layout, type PageFrame } from "./layout.tsx";

export interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}
export interface LedgerRow {
  id: number;
  delta: number;
  balanceAfter: number;
  reason: keyof SiteTexts["account"]["reasons"];
  createdAt: number;
  /** A gift's other side: the recipient of a gift sent, the sender of a gift received. */
  counterpart?: string;
}
export interface NotificationRow {
  id: number;
  kind: string;
  payload: string;
  createdAt: number;
}

export interface AccountView {
  email: string;
  credits: number;
  proUntil: number | null;
  notifications: NotificationRow[];
  keys: KeyRow[];
  ledger: { rows: LedgerRow[]; page: number; older: boolean };
  /** A one-line result of the last action (shown at the top). */
  flash?: string;
  gift?: { error?: string; email?: string; qty?: string };
  /** The top-up section (rendered by the payments part). */
  topup?: Child;
  /** The connected OAuth apps (site/server/oauth-routes.tsx). */
  apps?: Child;
}

export function formatTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale === "uk" ? "uk-UA" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Kyiv" }).format(ms);
}

/** What a payment bought, in the page's language: "50 кредитів", "Pro на 30 днів + 100 кредитів". */
export function purchaseText(t: SiteTexts, bought: { credits: number; days: number }): string {
  const credits = fill(t.account.packCredits, { qty: bought.credits });
  if (bought.days <= 0) return credits;
  const pro = fill(t.account.proTier, { days: bought.days });
  return bought.credits > 0 ? `${pro} ${fill(t.account.proBonus, { qty: bought.credits })}` : pro;
}

function notificationText(t: SiteTexts, n: NotificationRow): string {
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(n.payload) as Record<string, unknown>;
  } catch {
    // an unreadable payload still shows its kind
  }
  if (n.kind === "gift") return fill(t.account.giftNotice, { from: String(payload.from ?? "?"), qty: String(payload.qty ?? "?") });
  if (n.kind === "payment_paid") {
    return fill(t.account.paymentNotice, { what: purchaseText(t, { credits: Number(payload.credits ?? 0), days: Number(payload.days ?? 0) }) });
  }
  return n.kind;
}

export function AccountPage(props: PageFrame & { view: AccountView }) {
  const { t, locale, view } = props;
  const a = t.account;
  const when = (ms: number) => formatTime(ms, locale);
  const pro = view.proUntil !== null && view.proUntil > Date.now();
  return (
    <Layout {...props} title={a.title} scripts={["account.js"]}>
      <h1>{a.title}</h1>
      <p class="muted">{view.email}</p>
      {view.flash ? <p class="alert ok" role="status">{view.flash}</p> : null}

      <section class="card summary" aria-labelledby="balance-title">
        <div>
          <h2 id="balance-title">{a.balance}</h2>
          <p class="big" id="balance"><strong>{view.credits}</strong> {a.credits}</p>
          <p class="hint">{a.creditHint}</p>
        </div>
        <div>
          <h2>{a.pro}</h2>
          <p id="pro-status">{pro ? fill(a.proUntil, { date: when(view.proUntil!) }) : a.noPro}</p>
          {pro ? null : <p class="hint">{a.proGives}</p>}
        </div>
      </section>

      <section class="card" aria-labelledby="notifications-title">
        <h2 id="notifications-title">{a.notifications}</h2>
        {view.notifications.length === 0 ? (
          <p class="muted">{a.noNotifications}</p>
        ) : (
          <>
            <ul class="notifications">
              {view.notifications.map((n) => (
                <li>
                  <span>{notificationText(t, n)}</span> <time class="muted">{when(n.createdAt)}</time>
                  <form method="post" action={`/account/notifications/${n.id}/read`} class="inline-form">
                    <button type="submit" class="small">{a.markRead}</button>
                  </form>
                </li>
              ))}
            </ul>
            <form method="post" action="/account/notifications/read-all" class="inline-form">
              <button type="submit" class="small">{a.markAllRead}</button>
            </form>
          </>
        )}
      </section>

      <section class="card" aria-labelledby="keys-title">
        <h2 id="keys-title">{a.keys}</h2>
        <p class="hint">{a.keysIntro}</p>
        <form method="post" action="/account/keys" class="row-form">
          <label>
            <span>{a.keyName}</span>
            <input type="text" name="name" maxlength={100} placeholder={a.keyNamePlaceholder} required />
          </label>
          <button type="submit" class="primary">{a.createKey}</button>
        </form>
        {view.keys.length === 0 ? (
          <p class="muted">{a.noKeys}</p>
        ) : (
          <div class="table-wrap">
            <table class="keys">
              <thead>
                <tr><th scope="col">{a.keyName}</th><th scope="col">{a.prefix}</th><th scope="col">{a.created}</th><th scope="col">{a.lastUsed}</th><th scope="col"><span class="visually-hidden">{a.revoke}</span></th></tr>
              </thead>
              <tbody>
                {view.keys.map((k) => (
                  <tr class={k.revokedAt ? "revoked" : undefined}>
                    <td>{k.name || "—"}</td>
                    <td><code>{k.prefix}…</code></td>
                    <td>{when(k.createdAt)}</td>
                    <td>{k.lastUsedAt ? when(k.lastUsedAt) : a.never}</td>
                    <td>
                      {k.revokedAt ? (
                        <span class="muted">{a.revoked}</span>
                      ) : (
                        <form method="post" action={`/account/keys/${k.id}/revoke`} class="inline-form" data-confirm={fill(a.revokeConfirm, { name: k.name || k.prefix })}>
                          <button type="submit" class="small danger">{a.revoke}</button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {view.apps ?? null}

      {view.topup ?? null}

      <section class="card" aria-labelledby="gift-title">
        <h2 id="gift-title">{a.gift}</h2>
        <p class="hint">{a.giftIntro}</p>
        {view.gift?.error ? <p class="alert error" role="alert" id="gift-error">{view.gift.error}</p> : null}
        {/* The answer opens at the form (#gift-title): a failure is seen where the form was sent. */}
        <form method="post" action="/account/gift#gift-title" class="row-form" data-confirm={a.giftConfirm}>
          <label>
            <span>{a.giftEmail}</span>
            <input type="email" name="email" required value={view.gift?.email ?? ""} autocomplete="off" />
          </label>
          <label>
            <span>{a.giftQty}</span>
            <input type="number" name="qty" min="1" max="1000" step="1" required value={view.gift?.qty ?? "1"} class="qty" />
          </label>
          <button type="submit" class="primary">{a.giftSend}</button>
        </form>
      </section>

      <section class="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title">{a.ledger}</h2>
        {view.ledger.rows.length === 0 ? (
          <p class="muted">{a.noLedger}</p>
        ) : (
          <div class="table-wrap">
            <table class="ledger">
              <thead>
                <tr><th scope="col">{a.when}</th><th scope="col">{a.reason}</th><th scope="col" class="num">{a.change}</th><th scope="col" class="num">{a.after}</th></tr>
              </thead>
              <tbody>
                {view.ledger.rows.map((r) => (
                  <tr>
                    <td>{when(r.createdAt)}</td>
                    <td>
                      {a.reasons[r.reason] ?? r.reason}
                      {r.counterpart ? <span class="muted"> ({fill(r.reason === "gift_out" ? a.giftTo : a.giftFrom, { email: r.counterpart })})</span> : null}
                    </td>
                    <td class={`num ${r.delta < 0 ? "minus" : "plus"}`}>{r.delta > 0 ? `+${r.delta}` : String(r.delta)}</td>
                    <td class="num">{r.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {view.ledger.page === 1 && !view.ledger.older ? null : (
        <nav class="pager" aria-label={a.ledger}>
          {view.ledger.page > 1 ? <a href={`/account?page=${view.ledger.page - 1}#ledger-title`}>{a.newer}</a> : <span />}
          <span class="muted">{fill(a.page, { n: view.ledger.page })}</span>
          {view.ledger.older ? <a href={`/account?page=${view.ledger.page + 1}#ledger-title`}>{a.older}</a> : <span />}
        </nav>
        )}
      </section>
    </Layout>
  );
}

export function KeyCreatedPage(props: PageFrame & { name: string; secret: string; credits: number; apiUrl: string }) {
  const a = props.t.account;
  // --fail-with-body: a 402 (no credits yet) is an error curl reports, not a "chart" quietly saved.
  const example = `curl --fail-with-body -H "X-API-Key: ${props.secret}" -H "Content-Type: application/json" \\\n  -d '{"lang":"python","code":"print(1)\\n"}' ${props.apiUrl}/render -o chart.svg`;
  return (
    <Layout {...props} title={a.keyCreatedTitle} scripts={["account.js"]}>
      <section class="card narrow">
        <h1>{a.keyCreatedTitle}</h1>
        <p class="alert warning" role="alert">{a.keyOnce}</p>
        <p class="muted">{props.name}</p>
        <div class="secret">
          <code id="new-key" class="key-value">{props.secret}</code>
          <button type="button" class="primary" data-copy="new-key" data-copied={props.t.client.copied}>{props.t.client.copy}</button>
        </div>
        <p class="hint">{a.keyTry}</p>
        <pre class="example"><code>{example}</code></pre>
        <p class="hint" id="key-balance">{fill(a.keyBalance, { credits: props.credits })}</p>
        <p><a class="button" href="/account">{a.keyDone}</a></p>
      </section>
    </Layout>
  );
}
