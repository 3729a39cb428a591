/** English letters. */
import { both, html, Link, page } from "../html.ts";
import type { MailTemplates } from "./index.ts";

const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

export const en: MailTemplates = {
  gift({ from, qty, newAccount, siteUrl }) {
    const subject = `${from} sent you ${credits(qty)} for Skhema`;
    const site = new Link(siteUrl);
    const next = newAccount
      ? both`An account has been created for this address. Sign in at ${site} with it — the credits are waiting for you.`
      : both`The credits are already in your account (${site}).`;
    const text = `Hello,\n\n${from} has given you ${credits(qty)} for Skhema, the service that draws ДСТУ 19.701-90 algorithm flowcharts from program source.\n\n${next.text}\n\nOne credit is one flowchart.\n`;
    const body = html`<p>Hello,</p>
<p><strong>${from}</strong> has given you <strong>${credits(qty)}</strong> for Skhema, the service that draws ДСТУ 19.701-90 algorithm flowcharts from program source.</p>
<p>${next}</p>
<p>One credit is one flowchart.</p>`;
    return { subject, text, html: page("en", subject, body) };
  },
  signIn({ code, link, minutes }) {
    const subject = `Skhema sign-in code: ${code}`;
    const text = `Your Skhema sign-in code is ${code}\n\nOr open this link to sign in:\n${link}\n\nThe code and the link work once, for ${minutes} minutes. If you did not ask to sign in, ignore this letter.\n`;
    const body = html`<p>Your Skhema sign-in code:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p>Or <a href="${link}">sign in with this link</a>.</p>
<p>The code and the link work once, for ${minutes} minutes. If you did not ask to sign in, ignore this letter.</p>`;
    return { subject, text, html: page("en", subject, body) };
  },
  payment({ label, amountUah, code, credits: added, proDays }) {
    const subject = `Skhema: payment received — ${label}`;
    const what = [proDays > 0 ? `Pro for ${proDays} more days` : "", added > 0 ? credits(added) : ""].filter(Boolean).join(" and ");
    const text = `Hello,\n\nwe have received your payment of ${amountUah} UAH (code ${code}) for ${label}.\n\nYour account now has ${what} added.\n\nThank you for using Skhema.\n`;
    const body = html`<p>Hello,</p>
<p>we have received your payment of <strong>${amountUah} UAH</strong> (code ${code}) for <strong>${label}</strong>.</p>
<p>Your account now has ${what} added.</p>
<p>Thank you for using Skhema.</p>`;
    return { subject, text, html: page("en", subject, body) };
  },
};
