/** The look of this feature's main buttons, with visible focus and disabled states. */
export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600 aria-disabled:cursor-not-allowed aria-disabled:bg-gray-300 aria-disabled:text-gray-600';
