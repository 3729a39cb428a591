/** English letters. */
import { html, page } from "../html.ts";
import type { MailTemplates } from "./index.ts";

const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

export const en: MailTemplates = {
  gift({ from, qty, newAccount, siteUrl }) {
    const subject = `${from} sent you ${credits(qty)} for Skhema`;
    const where = siteUrl ? ` at ${siteUrl}` : "";
    const next = newAccount
      ? `An account has been created for this address. Sign in${where} with it — the credits are waiting for you.`
      : `The credits are already in your account${siteUrl ? ` (${siteUrl})` : ""}.`;
    const text = `Hello,\n\n${from} has given you ${credits(qty)} for Skhema, the service that draws ДСТУ 19.701-90 algorithm flowcharts from program source.\n\n${next}\n\nOne credit is one flowchart.\n`;
    const body = html`<p>Hello,</p>
<p><strong>${from}</strong> has given you <strong>${credits(qty)}</strong> for Skhema, the service that draws ДСТУ 19.701-90 algorithm flowcharts from program source.</p>
<p>${next}</p>
<p>One credit is one flowchart.</p>`;
    return { subject, text, html: page("en", subject, body) };
  },
};
