import type { MyBillState } from '@erti/contracts';

/** Each state in words, with the badge colours that tell them apart (text says it too, not colour alone). */
export const stateLabels: Record<MyBillState, { text: string; className: string }> = {
  due: { text: 'Due', className: 'bg-blue-100 text-blue-900' },
  'due-soon': { text: 'Due soon', className: 'bg-amber-100 text-amber-900' },
  overdue: { text: 'Overdue', className: 'bg-red-100 text-red-900' },
  paid: { text: 'Paid', className: 'bg-green-100 text-green-900' },
  'no-bill': { text: 'No bill', className: 'bg-gray-100 text-gray-800' },
};
