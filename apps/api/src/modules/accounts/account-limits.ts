import type { FailureCounter } from './failure-limiter.ts';

const MINUTE = 60;

/**
 * The failure counters of the accounts module. Sign-in: 5 failures per account and 20 per IP in
 * 15 minutes. Wrong OTPs: 30 per IP in 10 minutes (each OTP also dies after 5 wrong tries).
 * Password-reset codes name no account, so wrong ones are limited per IP (10 in 10 minutes) and
 * overall (200 in 10 minutes): at most 200 guesses at a million codes while a reset is valid.
 * OTP e-mails: 10 per address per hour, against mail bombing.
 */
export const accountLimits = {
  signinAccount: (email: string): FailureCounter => ({
    key: `signin:email:${email}`,
    max: 5,
    windowSeconds: 15 * MINUTE,
  }),
  signinIp: (ip: string): FailureCounter => ({ key: `signin:ip:${ip}`, max: 20, windowSeconds: 15 * MINUTE }),
  otpCodeIp: (ip: string): FailureCounter => ({
    key: `otp-code:ip:${ip}`,
    max: 30,
    windowSeconds: 10 * MINUTE,
  }),
  resetCodeIp: (ip: string): FailureCounter => ({
    key: `reset-code:ip:${ip}`,
    max: 10,
    windowSeconds: 10 * MINUTE,
  }),
  resetCodeOverall: { key: 'reset-code:all', max: 200, windowSeconds: 10 * MINUTE } satisfies FailureCounter,
  otpSends: (email: string): FailureCounter => ({
    key: `otp-send:${email}`,
    max: 10,
    windowSeconds: 60 * MINUTE,
  }),
};
