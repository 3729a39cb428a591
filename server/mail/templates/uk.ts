/**
 * Ukrainian letters (the default language of accounts). The product is «Схема» here, as on the
 * Ukrainian site (the English letters and site say Skhema).
 */
import { both, html, Link, page } from "../html.ts";
import type { MailTemplates } from "./index.ts";

/** 1 кредит, 2 кредити, 5 кредитів, 11 кредитів, 21 кредит. */
export function credits(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word = mod10 === 1 && mod100 !== 11 ? "кредит" : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? "кредити" : "кредитів";
  return `${n} ${word}`;
}

export const uk: MailTemplates = {
  gift({ from, qty, newAccount, siteUrl }) {
    const subject = `${from} дарує вам ${credits(qty)} у «Схемі»`;
    const site = new Link(siteUrl);
    const next = newAccount
      ? both`Для вашої адреси створено обліковий запис. Увійдіть на ${site} з цією адресою — кредити вже чекають на вас.`
      : both`Кредити вже на вашому рахунку (${site}).`;
    const text = `Вітаємо!\n\n${from} подарував(-ла) вам ${credits(qty)} у «Схемі» — сервісі, що креслить блок-схеми алгоритмів за ДСТУ 19.701-90 з програмного коду.\n\n${next.text}\n\nОдин кредит — одна блок-схема.\n`;
    const body = html`<p>Вітаємо!</p>
<p><strong>${from}</strong> подарував(-ла) вам <strong>${credits(qty)}</strong> у «Схемі» — сервісі, що креслить блок-схеми алгоритмів за ДСТУ 19.701-90 з програмного коду.</p>
<p>${next}</p>
<p>Один кредит — одна блок-схема.</p>`;
    return { subject, text, html: page("uk", subject, body) };
  },
  signIn({ code, link, minutes }) {
    const subject = `Код входу в «Схему»: ${code}`;
    const text = `Ваш код входу в «Схему»: ${code}\n\nАбо відкрийте посилання, щоб увійти:\n${link}\n\nКод і посилання діють один раз, ${minutes} хв. Якщо ви не намагалися увійти, просто проігноруйте цей лист.\n`;
    const body = html`<p>Ваш код входу в «Схему»:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p>Або <a href="${link}">увійдіть за цим посиланням</a>.</p>
<p>Код і посилання діють один раз, ${minutes} хв. Якщо ви не намагалися увійти, просто проігноруйте цей лист.</p>`;
    return { subject, text, html: page("uk", subject, body) };
  },
  payment({ label, amountUah, code, credits: added, proDays }) {
    const subject = `«Схема»: оплату отримано — ${label}`;
    const what = [proDays > 0 ? `Pro ще на ${proDays} дн.` : "", added > 0 ? credits(added) : ""].filter(Boolean).join(" і ");
    const text = `Вітаємо!\n\nМи отримали вашу оплату ${amountUah} грн (код ${code}) за «${label}».\n\nНа ваш рахунок додано: ${what}.\n\nДякуємо, що користуєтеся «Схемою».\n`;
    const body = html`<p>Вітаємо!</p>
<p>Ми отримали вашу оплату <strong>${amountUah} грн</strong> (код ${code}) за «${label}».</p>
<p>На ваш рахунок додано: ${what}.</p>
<p>Дякуємо, що користуєтеся «Схемою».</p>`;
    return { subject, text, html: page("uk", subject, body) };
  },
};
