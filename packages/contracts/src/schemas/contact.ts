import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.ts';
import { messages } from '../messages.ts';
import { emailAddressSchema } from './email-address.ts';

const required = (max: number) =>
  z
    .string({ error: messages.validation.contactAllFields })
    .trim()
    .min(1, messages.validation.contactAllFields)
    .max(max);

/** The contact form (spec section 3), with the spec's messages (section 5). */
export const contactMessageSchema = z.object({
  name: required(100),
  email: emailAddressSchema(messages.validation.contactEmail, messages.validation.contactAllFields),
  phone: required(20).regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), messages.validation.contactPhone),
  subject: required(200),
  message: required(5000),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
