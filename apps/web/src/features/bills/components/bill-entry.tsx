import { lazy, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useCategoryWords } from '../service-copy.ts';
import type { BillEntryFormProps } from './bill-entry-form.tsx';
import { BillerLogo } from './biller-logo.tsx';

// The form's code (validation, submit, login prompt) loads beside the biller's record, so
// the page's heading paints without waiting for either.
const loadForm = () => import('./bill-entry-form.tsx');
const BillEntryForm = lazy(() => loadForm().then((module) => ({ default: module.BillEntryForm })));

/** While the biller's record loads (a deep link): the names from the address head the page. */
interface LoadingBillEntryProps {
  biller?: undefined;
  billerCategoryName: string;
  billerName: string;
}

export type BillEntryProps = BillEntryFormProps | LoadingBillEntryProps;

/** In the form's place until it is here; it holds the footer back (index.css), so nothing moves. */
function FormLoading() {
  const { formatMessage } = useIntl();
  return (
    <div data-page-loading className="flex justify-center py-6">
      <Spinner label={formatMessage({ id: 'bills.entry.loading' })} />
    </div>
  );
}

/**
 * The biller bill-entry page: category header and caption, the biller's logo and name, its form.
 * While the record or the form's code loads, the same page is drawn from the names in the address
 * with a loading note in the form's place.
 */
export function BillEntry(props: BillEntryProps) {
  const { billerCategoryName, billerName } = props.biller ?? props;
  const wide = Boolean(props.biller && props.planPicker);
  const words = useCategoryWords(billerCategoryName);
  useEffect(() => {
    void loadForm();
  }, []);
  return (
    <section
      // Another biller is another page (fresh form and logo); the loading page and the loaded one
      // are the same page, so the heading and logo stay in place.
      key={`${billerCategoryName}/${billerName}`}
      className={`mx-auto px-4 py-8 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}
    >
      <header>
        <WithBharatConnectLogo>
          <h1 className="text-3xl font-bold text-brand-700">{words.category}</h1>
          <p className="mt-1 text-gray-600">{words.caption}</p>
        </WithBharatConnectLogo>
      </header>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-6 flex items-center gap-4">
          <BillerLogo billerName={billerName} billerCategoryName={billerCategoryName} size="lg" />
          <h2 className="text-xl font-semibold text-gray-900">{billerName}</h2>
        </div>
        {props.biller ? (
          <Suspense fallback={<FormLoading />}>
            <BillEntryForm {...props} />
          </Suspense>
        ) : (
          <FormLoading />
        )}
      </div>
    </section>
  );
}
