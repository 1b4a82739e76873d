/** The look the site's notices share: a card at the foot of the window, above the page. */
export const noticeClass = 'pointer-events-auto mb-3 rounded-lg bg-gray-900 p-4 text-sm text-white shadow-lg';

export const noticeButton =
  'rounded-md bg-white px-3 py-1.5 font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60';
