import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_NAME_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { messages } from '../messages.ts';
import { phoneSchema } from './common.ts';
import { emailAddressSchema } from './email-address.ts';
import { languageSchema } from './languages.ts';

/**
 * Account answers the spec does not word (it gives only the success texts and a few failures).
 * The web shows them as the server sends them.
 */
export const accountMessages = {
  accountDeleted: 'Your account has been deleted successfully',
  profileUpdated: 'Profile updated successfully',
  loggedOut: 'Logged out successfully',
  languageSaved: 'Language saved',
  otpWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`,
  otpTooManyTries: 'Too many wrong attempts. Please request a new OTP.',
  otpTooManySends: 'Too many OTP requests for this email. Please try again later.',
  emailTaken: 'This email is already used by another account',
  verifyNewEmail: 'Please verify your new Email Id with an OTP',
  signinLocked: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  wrongCodesLocked: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Many accounts that do not exist were asked for from this address (decision 105). */
  tooManyAccountRequests: (minutes: number) =>
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** A reset code counts only in the browser that asked for it (decision 104). */
  resetInThisBrowser:
    'This code works only in the browser that asked for it. Please request a new code here.',
  ownProfileOnly: 'You can only access your own profile',
  pictureTooLarge: 'Picture is too large. Please choose a smaller image.',
  pictureNotJpeg: 'Picture must be a JPEG image',
} as const;

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'OTP must be 6 digits');
/**
 * Length only: NIST SP 800-63B advises against composition rules (a letter, a digit, ...), which
 * push people to predictable passwords without making them harder to guess.
 */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, messages.validation.weakPassword)
  .max(128, 'Password must be at most 128 characters');

/**
 * What an OTP is for; the e-mail names it. Absent means login when the e-mail has an account and
 * sign-up otherwise (the spec's login and sign-up share the call). 'email' proves a new address
 * before a profile changes to it.
 */
export const otpPurposeSchema = z.enum(['signup', 'login', 'email']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

/** Each form's own e-mail message (spec section 5); the login's where a call serves several forms. */
const loginEmailSchema = emailAddressSchema(messages.validation.loginEmail);
const signupEmailSchema = emailAddressSchema(
  messages.validation.signupEmail,
  messages.validation.signupEmailRequired,
);
const profileEmailSchema = emailAddressSchema(
  messages.validation.profileEmailInvalid,
  messages.validation.profileEmailRequired,
);

/** One call for three forms: the purpose says whose message a refused address gets. */
export const sendOtpRequestSchema = z.discriminatedUnion('purpose', [
  z.object({ email: loginEmailSchema, purpose: z.literal('login').optional() }),
  z.object({ email: signupEmailSchema, purpose: z.literal('signup') }),
  z.object({ email: profileEmailSchema, purpose: z.literal('email') }),
]);
export const verifyOtpRequestSchema = z.object({ email: loginEmailSchema, OTP: otpCodeSchema });
export const createUserRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(MAX_NAME_LENGTH),
  email: signupEmailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export const signinRequestSchema = z.object({
  email: loginEmailSchema,
  password: z.string().min(1, 'Password is required').max(128),
});
export const signinResponseSchema = z.object({
  message: z.string(),
  Token: z.string(),
  UserId: z.string(),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;
/** Registration signs the new user in at once: the verified sign-up OTP was the second factor. */
export const createUserResponseSchema = signinResponseSchema;

export const resetPasswordRequestSchema = z.object({
  email: emailAddressSchema(messages.validation.resetEmail),
});
export const newPasswordRequestSchema = z.object({ password: passwordSchema, OTP: otpCodeSchema });

/** The longest data URL whose decoded image fits MAX_IMAGE_BYTES (base64 is 4 characters per 3 bytes). */
const PICTURE_PREFIX = 'data:image/jpeg;base64,';
const MAX_PICTURE_LENGTH = PICTURE_PREFIX.length + Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** A profile picture: a base64 JPEG data URL (what the web's 300x300 resize produces). */
export const profilePictureSchema = z
  .string()
  .max(MAX_PICTURE_LENGTH, accountMessages.pictureTooLarge)
  .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, accountMessages.pictureNotJpeg);

/** What an account may do: `merchant` also opens the merchant dashboard (spec section 6). */
export const accountRoleSchema = z.enum(['user', 'merchant']);
export type AccountRole = z.infer<typeof accountRoleSchema>;

/**
 * The spec's profile fields, plus `role` (not in the spec): the navigation bar offers the merchant
 * dashboard to merchants only (decision 042).
 */
export const userProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  pic: z.string().nullable(),
  role: accountRoleSchema,
  /** The language the customer chose (mails and receipts follow it); absent until the api keeps it. */
  language: languageSchema.optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The whole profile. `pic: null` removes the picture; leaving `pic` out keeps it. */
export const editProfileRequestSchema = z.object({
  _id: z.string().optional(),
  name: z.string().trim().min(1, messages.validation.profileName).max(MAX_NAME_LENGTH),
  email: profileEmailSchema,
  phone: phoneSchema,
  pic: profilePictureSchema.nullable().optional(),
});
export type EditProfileRequest = z.infer<typeof editProfileRequestSchema>;
export const editProfileResponseSchema = userProfileSchema.extend({ message: z.string() });
export type EditProfileResponse = z.infer<typeof editProfileResponseSchema>;

export const deleteAccountRequestSchema = z.object({
  feedback: z.string().trim().min(1, messages.validation.feedbackRequired).max(2000),
});
