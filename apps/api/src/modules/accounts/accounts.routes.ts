import {
  accountMessages,
  createUserRequestSchema,
  createUserResponseSchema,
  deleteAccountRequestSchema,
  editProfileRequestSchema,
  editProfileResponseSchema,
  messageResponseSchema,
  messages,
  newPasswordRequestSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  setLanguageRequestSchema,
  signinRequestSchema,
  signinResponseSchema,
  userProfileSchema,
  verifyOtpRequestSchema,
} from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import type { Auth } from '../../plugins/auth.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AccountsService } from './accounts.service.ts';
import type { BrowserMarks } from './browser-marks.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['accounts'];
const bearer = [{ bearer: [] }];
const message = (text: string) => ({ message: text });

/** The spec's account calls (section 7), under `/api/users`. */
export function accountsRoutes(options: {
  accounts: AccountsService;
  profiles: ProfileService;
  auth: Auth;
  marks: BrowserMarks;
}): FastifyPluginAsyncZod {
  const { accounts, profiles, auth, marks } = options;
  return async (app) => {
    app.post(
      '/users/otp',
      { schema: { tags, body: sendOtpRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const { email, purpose } = request.body;
        await accounts.sendOtp(email, requestLanguage(request), purpose, marks.browserOf(request));
        return message(messages.api.otpSent);
      },
    );

    app.post(
      '/users/verify',
      { schema: { tags, body: verifyOtpRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await accounts.verifyOtp(request.body.email, request.body.OTP, marks.browserOf(request));
        return message(messages.api.otpVerified);
      },
    );

    // The spec writes `POST /users/`; clients that drop the slash reach the same call.
    for (const url of ['/users/', '/users']) {
      app.post(
        url,
        { schema: { tags, body: createUserRequestSchema, response: { 201: createUserResponseSchema } } },
        async (request, reply) => {
          const created = await accounts.register(request.body, requestLanguage(request));
          marks.markKnownDevice(reply, created.UserId);
          return reply.status(201).send(created);
        },
      );
    }

    app.post(
      '/users/signin',
      { schema: { tags, body: signinRequestSchema, response: { 200: signinResponseSchema } } },
      async (request, reply) => {
        const { email, password } = request.body;
        const signedIn = await accounts.signIn(email, password, marks.browserOf(request).address);
        marks.markKnownDevice(reply, signedIn.UserId);
        return signedIn;
      },
    );

    app.post(
      '/users/resetPassword',
      { schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        const browser = marks.browserOf(request);
        const resetId = await accounts.requestPasswordReset(
          request.body.email,
          requestLanguage(request),
          browser,
        );
        marks.markReset(reply, resetId);
        return message(messages.api.resetEmailSent);
      },
    );

    app.post(
      '/users/newPassword',
      { schema: { tags, body: newPasswordRequestSchema, response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        const userId = await accounts.resetPassword(
          request.body.password,
          request.body.OTP,
          marks.browserOf(request),
        );
        marks.forgetReset(reply);
        marks.markKnownDevice(reply, userId);
        return message(messages.api.passwordReset);
      },
    );

    // Not in the spec (its logout only forgets the stored session): the token is revoked too.
    app.post(
      '/users/logout',
      {
        onRequest: auth.requireUser,
        schema: { tags, security: bearer, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await accounts.logOut(currentUser(request).sessionId);
        auth.sessionEnded(request);
        return message(accountMessages.loggedOut);
      },
    );

    app.get(
      '/users/profile/:UserId',
      {
        onRequest: auth.requireUser,
        schema: {
          tags,
          security: bearer,
          params: z.object({ UserId: z.string().max(64) }),
          response: { 200: userProfileSchema },
        },
      },
      async (request) => profiles.getProfile(currentUser(request).id, request.params.UserId),
    );

    app.put(
      '/users/edit/:id',
      {
        onRequest: auth.requireUser,
        schema: {
          tags,
          security: bearer,
          params: z.object({ id: z.string().max(64) }),
          body: editProfileRequestSchema,
          response: { 200: editProfileResponseSchema },
        },
      },
      async (request) => profiles.editProfile(currentUser(request).id, request.params.id, request.body),
    );

    // Not in the spec: the language of the customer's mails and receipts (issue 26, decision 090).
    app.put(
      '/users/language',
      {
        onRequest: auth.requireUser,
        schema: {
          tags,
          security: bearer,
          body: setLanguageRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await profiles.setLanguage(currentUser(request).id, request.body.language);
        return message(accountMessages.languageSaved);
      },
    );

    app.post(
      '/users/delete-account',
      {
        onRequest: auth.requireUser,
        schema: {
          tags,
          security: bearer,
          body: deleteAccountRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await profiles.deleteAccount(currentUser(request).id, request.body.feedback);
        return message(accountMessages.accountDeleted);
      },
    );
  };
}
