import { categoryCaption } from '../service-copy.ts';
import { BillEntryForm, type BillEntryFormProps } from './bill-entry-form.tsx';
import { BillerLogo } from './biller-logo.tsx';

/** The biller bill-entry page: category header and caption, the biller's logo and name, its form. */
export function BillEntry(props: BillEntryFormProps) {
  const { biller, planPicker } = props;
  return (
    <section className={`mx-auto px-4 py-8 ${planPicker ? 'max-w-5xl' : 'max-w-2xl'}`}>
      <header>
        <h1 className="text-3xl font-bold text-brand-700">{biller.billerCategoryName}</h1>
        <p className="mt-1 text-gray-600">{categoryCaption(biller.billerCategoryName)}</p>
      </header>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-6 flex items-center gap-4">
          <BillerLogo
            billerName={biller.billerName}
            billerCategoryName={biller.billerCategoryName}
            size="lg"
          />
          <h2 className="text-xl font-semibold text-gray-900">{biller.billerName}</h2>
        </div>
        <BillEntryForm {...props} />
      </div>
    </section>
  );
}
