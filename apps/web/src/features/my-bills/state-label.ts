import type { MyBillState } from '@erti/contracts';

/** Each state's words (a message id), with the badge colours that tell them apart (text says it too, not colour alone). */
export const stateLabels: Record<MyBillState, { text: string; className: string }> = {
  due: { text: 'my-bills.state.due', className: 'bg-blue-100 text-blue-900' },
  'due-soon': { text: 'my-bills.state.dueSoon', className: 'bg-amber-100 text-amber-900' },
  overdue: { text: 'my-bills.state.overdue', className: 'bg-red-100 text-red-900' },
  paid: { text: 'my-bills.state.paid', className: 'bg-green-100 text-green-900' },
  'no-bill': { text: 'my-bills.state.noBill', className: 'bg-gray-100 text-gray-800' },
};
