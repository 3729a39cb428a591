/**
 * Top-up on the site: the catalog of GET /products as buttons (or "payment unavailable"), and the
 * page of one payment — the jar link, its QR code, the comment code to keep, and the state that
 * turns from pending to credited by itself (the page polls the payment's status).
 */
import { raw } from "hono/html";
import { renderSVG } from "uqr";
import type { Catalog } from "../../../server/payments/catalog.ts";
import { fill } from "../../i18n/index.ts";
import { Layout, type PageFrame } from "./layout.tsx";

const uah = (value: number, locale: string) =>
  new Intl.NumberFormat(locale === "uk" ? "uk-UA" : "en-GB", { style: "currency", currency: "UAH", maximumFractionDigits: 2 }).format(value);

export function TopupSection(props: PageFrame & { catalog: Catalog; available: boolean; development: boolean }) {
  const { t, locale, catalog } = props;
  const a = t.account;
  return (
    <section class="card" aria-labelledby="topup-title">
      <h2 id="topup-title">{a.topup}</h2>
      {!props.available ? (
        <>
          <p class="alert warning" role="status">{a.topupUnavailable}</p>
          {/* A development start (npm start) without a provider: the developer learns how to get one. */}
          {props.development ? <p class="hint" id="dev-provider">{a.topupDevProvider}</p> : null}
        </>
      ) : (
        <>
          <div class="products">
            {catalog.credits.map((pack) => (
              <form method="post" action="/account/topup" class="product">
                <input type="hidden" name="kind" value="credits" />
                <input type="hidden" name="id" value={String(pack.id)} />
                <strong>{fill(a.packCredits, { qty: pack.qty })}</strong>
                <span class="price">{uah(pack.uah, locale)}</span>
                <button type="submit" class="primary">{a.buy}</button>
              </form>
            ))}
            {catalog.pro.map((tier) => (
              <form method="post" action="/account/topup" class="product">
                <input type="hidden" name="kind" value="pro" />
                <input type="hidden" name="id" value={String(tier.id)} />
                <strong>{fill(a.proTier, { days: tier.days })}</strong>
                {tier.bonus > 0 ? <span class="muted">{fill(a.proBonus, { qty: tier.bonus })}</span> : null}
                <span class="price">{uah(tier.uah, locale)}</span>
                <button type="submit" class="primary">{a.buy}</button>
              </form>
            ))}
          </div>
          <form method="post" action="/account/topup" class="row-form">
            <input type="hidden" name="kind" value="credits_unit" />
            <label>
              <span>{fill(a.unitCredits, { price: uah(catalog.unitUah, locale) })}</span>
              <input type="number" name="qty" min="2" max="200" step="1" value="10" required class="qty" />
            </label>
            <button type="submit">{a.buy}</button>
          </form>
        </>
      )}
    </section>
  );
}

export interface PaymentView {
  comment: string;
  label: string;
  amountUah: number;
  status: "pending" | "paid" | "expired";
  jarUrl: string | null;
  credits: number;
}

export function PaymentPage(props: PageFrame & { payment: PaymentView }) {
  const { t, locale, payment } = props;
  const a = t.account;
  return (
    <Layout {...props} title={a.payTitle} scripts={["account.js"]}>
      <section class="card">
        <h1>{a.payTitle}: {payment.label}</h1>
        <p>{a.amount}: <strong>{uah(payment.amountUah, locale)}</strong></p>
        {payment.status === "pending" ? (
          <div class="payment">
            <div>
              <p>{a.payIntro}</p>
              <p class="secret">
                <code class="comment-code" id="comment-code">{payment.comment}</code>
                <button type="button" data-copy="comment-code" data-copied={t.client.copied}>{a.copyCode}</button>
              </p>
              {payment.jarUrl ? (
                <p><a class="button primary" href={payment.jarUrl} target="_blank" rel="noopener noreferrer" id="jar-link">{a.payLink}</a></p>
              ) : null}
              <p class="status busy" role="status" aria-live="polite" data-payment-status={`/account/pay/${encodeURIComponent(payment.comment)}/status`}>{a.payPending}</p>
            </div>
            {payment.jarUrl ? <div class="qr" role="img" aria-label={a.payQr}>{raw(renderSVG(payment.jarUrl))}</div> : null}
          </div>
        ) : payment.status === "paid" ? (
          <p class="alert ok" role="status" id="payment-paid">{a.payPaid} {a.balance}: <strong>{payment.credits}</strong> {a.credits}</p>
        ) : (
          <p class="alert warning" role="status">{a.payExpired}</p>
        )}
        <p><a href="/account">{t.nav.account}</a></p>
      </section>
    </Layout>
  );
}
