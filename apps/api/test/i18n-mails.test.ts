import type { Biller } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpFromMail, post, STRONG_PASSWORD } from './support/accounts.ts';
import {
  customerNumber,
  type SignedInUser,
  signedInUser,
  startBillPaymentEnv,
} from './support/bill-network.ts';
import { fetchBill, paidAtPayu, settleJobs } from './support/payment-flows.ts';
import { readPdf } from './support/pdf-pages.ts';
import type { TestEnv } from './support/test-env.ts';

let env: TestEnv;
let electricity: Biller;

beforeAll(async () => {
  ({ env, electricity } = await startBillPaymentEnv());
});
afterAll(async () => {
  await env?.close();
});

const inject = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => env.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function chooseLanguage(who: SignedInUser, language: string) {
  const answer = await inject('PUT', '/users/language', who.headers, { language });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('the customer’s language', () => {
  it('mails the sign-up code in the language of the request, and the new account keeps it', async () => {
    const email = 'meena.ta@example.com';
    const tamil = { cookie: 'theme=dark; erti_lang=ta' };
    expect((await post(env, '/users/otp', { email, purpose: 'signup' }, tamil)).statusCode).toBe(200);
    const mail = env.lastMail(email);
    expect(mail?.subject).toBe('உங்கள் Erti Pay பதிவுக் குறியீடு');
    expect(mail?.text).toContain('இந்தக் குறியீடு 10 நிமிடங்களுக்குச் செல்லும்');
    expect(mail?.html).toContain('<html lang="ta">');
    expect(mail?.html).toContain('இது Erti Pay அனுப்பும் தானியங்கி செய்தி.');

    await post(env, '/users/verify', { email, OTP: otpFromMail(env, email) });
    const created = await post(
      env,
      '/users/',
      { name: 'Meena', email, phone: '9876543210', password: STRONG_PASSWORD },
      // The language the customer signed up in, whatever the browser prefers.
      { ...tamil, 'accept-language': 'hi-IN,hi;q=0.9' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { Token, UserId } = created.json();
    const profile = await inject('GET', `/users/profile/${UserId}`, { authorization: `Bearer ${Token}` });
    expect(profile.json().language).toBe('ta');
  });

  it('follows Accept-Language without the cookie, and English for a language we do not speak', async () => {
    await post(
      env,
      '/users/otp',
      { email: 'ravi.hi@example.com' },
      { 'accept-language': 'fr;q=0.9, hi-IN;q=0.8' },
    );
    expect(env.lastMail('ravi.hi@example.com')?.subject).toBe('आपका Erti Pay साइन अप कोड');
    await post(
      env,
      '/users/otp',
      { email: 'kim.fr@example.com' },
      { cookie: 'erti_lang=fr', 'accept-language': 'fr' },
    );
    expect(env.lastMail('kim.fr@example.com')?.subject).toBe('Your Erti Pay sign-up code');
  });

  it('keeps a signed-in customer’s choice, refusing a language we do not have and a visitor', async () => {
    const customer = await signedInUser(env);
    const saved = await inject('PUT', '/users/language', customer.headers, { language: 'hi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Language saved' });
    const profile = await inject('GET', `/users/profile/${customer.userId}`, customer.headers);
    expect(profile.json().language).toBe('hi');

    const unknown = await inject('PUT', '/users/language', customer.headers, { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('language: Unknown language');
    expect((await inject('PUT', '/users/language', {}, { language: 'hi' })).statusCode).toBe(401);
  });

  it('mails the receipt of a payment in the profile’s language, and the PDF in the reader’s', async () => {
    const customer = await signedInUser(env);
    await chooseLanguage(customer, 'hi');
    const bill = await fetchBill(env, electricity, '4411', customer.headers);
    const handoff = await paidAtPayu(env, bill, customer, 'Electricity bill');
    await settleJobs(env);

    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toBe(`पेमेंट सफल: ${electricity.billerName}`);
    expect(mail?.text).toContain(`धन्यवाद। ${electricity.billerName} को आपका पेमेंट पूरा हो गया है।`);
    expect(mail?.text).toMatch(/कुल राशि: ₹[\d,]+\.\d{2}/);
    expect(mail?.text).toContain('स्टेटस: सफल');
    // The category in the web site's words, India's time zone in Hindi (decision 116).
    expect(mail?.text).toContain('कैटेगरी: बिजली');
    expect(mail?.text).toMatch(/तारीख और समय: .+ भारतीय समय/);
    expect(mail?.text).not.toMatch(/कैटेगरी: Electricity|\bIST\b/);

    // The receipt follows the language the site is read in (its cookie), here Tamil.
    const receipt = await inject('GET', `/orders/${handoff.orderId}/receipt.pdf`, {
      ...customer.headers,
      cookie: 'erti_lang=ta',
    });
    expect(receipt.statusCode).toBe(200);
    const { text, fonts } = await readPdf(receipt.rawPayload);
    expect(text).toContain('ரசீது');
    expect(text).toContain(electricity.billerName);
    expect(text).toContain('மின்சாரம்');
    expect(fonts).toContain('NotoSansTamil-Regular');
  });

  it('sends a My Bills reminder in the profile’s language', async () => {
    const customer = await signedInUser(env);
    await chooseLanguage(customer, 'ta');
    await fetchBill(env, electricity, '4412', customer.headers);
    env.sandbox.clock.advance(73 * 3_600_000);
    const added = await inject('POST', '/my-bills', customer.headers, {
      billerId: electricity.billerId,
      customerParams: [
        { name: electricity.customerParams[0]?.paramName ?? '', value: customerNumber(electricity, '4412') },
      ],
      nickname: 'Amma veedu',
    });
    expect(added.statusCode, added.body).toBe(201);
    while ((await env.runJobs()) > 0);

    const reminder = env.sandbox.mailbox
      .list(customer.email)
      .find((mail) => mail.subject.includes('Amma veedu'));
    expect(reminder?.subject).toBe(`Amma veedu (${electricity.billerName}): புதிய பில்`);
    expect(reminder?.text).toContain(`பில்லர்: ${electricity.billerName}`);
    expect(reminder?.text).toMatch(/தொகை: ₹[\d,]+\.\d{2}/);
    expect(reminder?.text).toContain('இந்த பில்லுக்கான நினைவூட்டல்களை நிறுத்துங்கள்');
  });

  it('acknowledges a complaint in the customer’s language, and tells support in English', async () => {
    const customer = await signedInUser(env);
    await chooseLanguage(customer, 'hi');
    const raised = await inject(
      'POST',
      '/complaints',
      // The acknowledgement goes to the account's address (decision 106), so in the account's language.
      { ...customer.headers, cookie: 'erti_lang=ta' },
      {
        name: 'Asha Raman',
        queryType: 'Others',
        contactNumber: '9876500001',
        email: 'asha.hindi@example.com',
        initiatedVia: 'Erti Pay',
        description: 'The site logged me out twice while paying',
      },
    );
    expect(raised.statusCode, raised.body).toBe(201);
    const { complaintId } = raised.json();
    await env.runJobs();
    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toBe(`शिकायत दर्ज हो गई: ${complaintId}`);
    expect(mail?.text).toContain('प्रिय Asha Raman,');
    expect(mail?.text).toContain(`आपकी शिकायत ID ${complaintId} है।`);
    expect(env.lastMail(env.config.SUPPORT_EMAIL)?.subject).toBe(`Complaint ${complaintId}: Others`);
  });
});
