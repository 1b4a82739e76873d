import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

export const languageSchema = z.enum(LANGUAGES, { error: 'Unknown language' });

/** `PUT /api/users/language`: a signed-in customer's language, kept in the profile for mails. */
export const setLanguageRequestSchema = z.object({ language: languageSchema });
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;
