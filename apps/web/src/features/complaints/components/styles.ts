export const submitButtonClass =
  'inline-flex items-center justify-center gap-2 self-start rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60';
