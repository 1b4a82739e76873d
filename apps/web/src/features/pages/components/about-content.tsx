/** The About page's text (spec section 1: a vision and a founder blurb). */
export function AboutContent() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-10 text-gray-800">
      <section aria-labelledby="about-who" className="flex flex-col gap-3">
        <h2 id="about-who" className="text-2xl font-semibold text-brand-900">
          Who we are
        </h2>
        <p>
          Erti Pay is a payment-technology company from Tamil Nadu. We built one simple place to recharge a
          mobile, DTH box or FASTag and to pay electricity, water, gas, broadband, credit card, insurance,
          loan, tax and school bills, on Bharat Connect, the bill-payment network of NPCI. Every payment is
          fast, safe and secure, carries a Bharat Connect transaction reference, and is backed by a complaint
          process that reaches the biller directly.
        </p>
      </section>
      <section aria-labelledby="about-vision" className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-6">
        <h2 id="about-vision" className="text-2xl font-semibold text-brand-900">
          Our vision
        </h2>
        <p>
          A country where paying any bill takes less than a minute, costs nothing extra that you were not told
          about, and never leaves you wondering whether the money reached the biller.
        </p>
      </section>
      <section aria-labelledby="about-founder" className="flex flex-col gap-3">
        <h2 id="about-founder" className="text-2xl font-semibold text-brand-900">
          From our founder
        </h2>
        <blockquote className="border-l-4 border-brand-500 pl-4 italic">
          "I started Erti Pay after watching my parents queue at three different counters every month to pay
          their bills. Bharat Connect made it possible to pay every biller in the country from one place; our
          job is to make that place honest, quick and kind to people who are not comfortable with apps."
        </blockquote>
        <p>
          Our founder spent a decade building payment systems for banks before starting Erti Pay in Salem,
          where our headquarters still is.
        </p>
      </section>
      <section aria-labelledby="about-promise" className="flex flex-col gap-3">
        <h2 id="about-promise" className="text-2xl font-semibold text-brand-900">
          What we promise
        </h2>
        <ul className="list-disc pl-6">
          <li>Fees are shown before you pay, never after.</li>
          <li>A failed payment is refunded automatically; you do not have to ask.</li>
          <li>Every complaint gets an ID you can track, and an answer.</li>
        </ul>
      </section>
    </div>
  );
}
