/**
 * What a plain e-mail address is, with no schema code: screens import it from
 * `@erti/contracts/email-address` so a form that checks an address does not load zod (decision 107).
 */

/** RFC 5321's longest path (256 octets) less the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;

/** RFC 5321's dot-atom characters of a local part, in plain ASCII. */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A host name label (RFC 1035): letters, digits and inner hyphens, at most 63. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** The top-level label starts with a letter, so an IP address is not a domain. */
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/**
 * A plain address: a dot-atom local part of at most 64 characters, `@`, and a host name of two
 * labels or more. Plain ASCII only, so no look-alike letter, bidi control, zero-width or control
 * character, replacement character (invalid UTF-8) or lone surrogate gets through; no leading,
 * trailing or doubled dot. An international domain is written in its `xn--` form.
 */
export const PLAIN_EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LABEL}$`,
);

/**
 * The one form an address is kept and looked up in: trimmed, NFKC (a fullwidth `ａlice` is
 * `alice`) and lower-cased whole (the product has always treated addresses case-insensitively).
 */
export const normalEmailAddress = (typed: string): string => typed.trim().normalize('NFKC').toLowerCase();

/** Whether a typed address is, in its normal form, a plain one the product accepts. */
export const isPlainEmailAddress = (typed: string): boolean => {
  const address = normalEmailAddress(typed);
  return address.length <= MAX_EMAIL_LENGTH && PLAIN_EMAIL_PATTERN.test(address);
};
