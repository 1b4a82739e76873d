import { z } from 'zod';
import { MAX_EMAIL_LENGTH, normalEmailAddress, PLAIN_EMAIL_PATTERN } from '../email-address.ts';

/**
 * The e-mail field of every body that carries one (decision 107): parses to the normal form, and
 * refuses what is then still not a plain address with the form's own message (`required`, first,
 * when nothing was typed). No check aborts: an object's own refinements (the complaint form's
 * missing fields) still run beside a refused address.
 */
export const emailAddressSchema = (invalid: string, required: string = invalid) =>
  z
    .string({ error: required })
    .overwrite(normalEmailAddress)
    .min(1, required)
    .max(MAX_EMAIL_LENGTH, invalid)
    .regex(PLAIN_EMAIL_PATTERN, invalid);

/** An address where no form's wording applies (the test payment page, the operator's command line). */
export const emailSchema = emailAddressSchema('Invalid email');
