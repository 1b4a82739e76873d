export { ComplaintStatusForm } from './components/complaint-status-form.tsx';
export { type ComplaintTab, ComplaintTabs } from './components/complaint-tabs.tsx';
export { MyComplaintsPage } from './components/my-complaints-page.tsx';
export { RaiseComplaintForm } from './components/raise-complaint-form.tsx';
export { TransactionQueryForm } from './components/transaction-query-form.tsx';
