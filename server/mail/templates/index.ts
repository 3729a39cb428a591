/**
 * Every e-mail the service sends, one file per language (uk.ts, en.ts) implementing the same
 * interface, so a letter cannot exist in one language only. A new kind of mail adds a method here
 * and in both files.
 */
import type { Locale } from "../../db/schema.ts";
import type { Letter } from "../outbox.ts";
import { en } from "./en.ts";
import { uk } from "./uk.ts";

export interface GiftMail {
  /** Who sent the credits: their name when they have one, else their e-mail. */
  from: string;
  qty: number;
  /** The account was created by this gift: the recipient still has to sign in once. */
  newAccount: boolean;
  /** The site's address (config.origin: PUBLIC_BASE_URL, or the development origin): where to sign in. */
  siteUrl: string;
}

/** The site's sign-in letter (issue 10): the one-time code and the link, valid for `minutes`. */
export interface SignInMail {
  code: string;
  link: string;
  minutes: number;
}

export interface PaymentMail {
  /** The purchase as the payer saw it (the code's payment label), e.g. "200 credits". */
  label: string;
  amountUah: number;
  /** The payment's code. */
  code: string;
  /** Credits added (a pack, a quantity, or a Pro tier's bonus); 0 for none. */
  credits: number;
  /** Days of Pro added (0 for a credit purchase). */
  proDays: number;
}

export interface MailTemplates {
  gift(mail: GiftMail): Letter;
  signIn(mail: SignInMail): Letter;
  /** The receipt of a completed payment. */
  payment(mail: PaymentMail): Letter;
}

const BY_LOCALE: Record<Locale, MailTemplates> = { uk, en };

export function templates(locale: Locale): MailTemplates {
  return BY_LOCALE[locale];
}
