/** A clear stand-in for a screen a later issue builds. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-brand-700">{title}</h1>
      <p className="mt-4 text-gray-600">This screen is coming soon.</p>
    </section>
  );
}
