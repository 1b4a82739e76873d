import type { FailureCounter } from './failure-limiter.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The counters of the accounts module. An address is a client's as the rate limit keys it (an IPv6
 * client by its /64). Sign-in: 5 failures per account and 20 per address in 15 minutes. Wrong OTPs:
 * 30 per address in 10 minutes (each OTP also dies after 5 wrong tries). Wrong reset codes: 10 per
 * address in 10 minutes; each reset is bound to the browser that asked for it and dies after 5 wrong
 * codes, so nothing is counted site-wide (decision 104). OTP mails, against mail bombing: 10 an hour
 * per e-mail from browsers that signed in to it before, 10 an hour from everyone else, and
 * `mailsPerAddress` an hour from one address to anyone. Unknown accounts asked for: 20 an hour per
 * address (decision 105).
 */
export const accountLimits = {
  signinAccount: (email: string): FailureCounter => ({
    key: `signin:email:${email}`,
    max: 5,
    windowSeconds: 15 * MINUTE,
  }),
  signinAddress: (address: string): FailureCounter => ({
    key: `signin:ip:${address}`,
    max: 20,
    windowSeconds: 15 * MINUTE,
  }),
  otpCodeAddress: (address: string): FailureCounter => ({
    key: `otp-code:ip:${address}`,
    max: 30,
    windowSeconds: 10 * MINUTE,
  }),
  resetCodeAddress: (address: string): FailureCounter => ({
    key: `reset-code:ip:${address}`,
    max: 10,
    windowSeconds: 10 * MINUTE,
  }),
  otpSends: (email: string, knownDevice: boolean): FailureCounter => ({
    key: knownDevice ? `otp-send:known-device:${email}` : `otp-send:${email}`,
    max: 10,
    windowSeconds: HOUR,
  }),
  otpSendsFromAddress: (address: string, mailsPerAddress: number): FailureCounter => ({
    key: `otp-send:ip:${address}`,
    max: mailsPerAddress,
    windowSeconds: HOUR,
  }),
  unknownAccounts: (address: string): FailureCounter => ({
    key: `unknown-account:ip:${address}`,
    max: 20,
    windowSeconds: HOUR,
  }),
};
