import type { Biller } from '@erti/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useCatalogueLoading } from '../../../lib/catalogue-state.ts';
import { paths } from '../../../lib/paths.ts';
import { useCoverage } from '../api/list-coverage.ts';
import { useEducationBillers } from '../api/list-education-billers.ts';
import { distinctAreas } from '../rules/coverage-rules.ts';
import { CatalogueLoadingNote } from './catalogue-loading-note.tsx';
import { primaryButtonClass } from './primary-button.ts';
import { RetryNote } from './retry-note.tsx';
import { SearchableSelect } from './searchable-select.tsx';

/** The bill-entry group education billers open under (spec: /services/education-fees/...). */
const EDUCATION_GROUP = 'education-fees';
const BILLER_LIST_MAX_HEIGHT_PX = 240;

/**
 * The education fees screen (spec sections 2 and 4): location, then area, then a search over the
 * institutes there; Proceed opens the chosen institute's bill-entry page with it in navigation state.
 */
export function EducationFeesForm() {
  const { formatMessage } = useIntl();
  const navigate = useNavigate();
  const ids = useId();
  const [stateId, setStateId] = useState('');
  const [area, setArea] = useState('');
  const [biller, setBiller] = useState<Biller | null>(null);

  const coverage = useCoverage();
  const location = coverage.data?.find((candidate) => candidate.id === stateId);
  const areas = location ? distinctAreas(location.areas) : [];
  // A state with no areas at all is searched as a whole, so its institutes stay reachable.
  const wholeState = Boolean(location) && areas.length === 0;
  const placeChosen = Boolean(area) || wholeState;
  const billers = useEducationBillers(stateId, area || undefined, placeChosen);
  // During the first sync with the bill network the places (synchronised last) and institutes are empty.
  const catalogue = useCatalogueLoading(coverage.data?.length === 0 || billers.data?.length === 0, () => {
    void coverage.refetch();
    if (placeChosen) void billers.refetch();
  });
  const loading = coverage.isPending || billers.isFetching || catalogue.checking || catalogue.stillLoading;

  const chooseLocation = (next: string) => {
    setStateId(next);
    setArea('');
    setBiller(null);
  };

  const chooseArea = (next: string) => {
    setArea(next);
    setBiller(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!biller || loading) return;
    // The bill-entry page reads `{ biller }` from navigation state (as the biller list sends it).
    navigate(paths.billEntry(EDUCATION_GROUP, biller.billerCategoryName, biller.billerName), {
      state: { biller },
    });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="mx-auto max-w-xl px-4 py-8">
      <WithBharatConnectLogo>
        <h1 id={`${ids}-title`} className="text-2xl font-bold text-brand-900">
          {formatMessage({ id: 'recharge.education.title' })}
        </h1>
        <p className="mt-1 text-gray-600">{formatMessage({ id: 'recharge.education.intro' })}</p>
      </WithBharatConnectLogo>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${ids}-title`}
        className="mt-6 flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      >
        <FormField label={formatMessage({ id: 'recharge.education.location' })}>
          {(control) => (
            <>
              <select
                {...control}
                value={stateId}
                disabled={!coverage.data || catalogue.stillLoading}
                onChange={(event) => chooseLocation(event.target.value)}
                className={inputClass}
              >
                <option value="">{formatMessage({ id: 'recharge.education.chooseLocation' })}</option>
                {coverage.data?.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
              {coverage.isError && <RetryNote what="locations" onRetry={() => coverage.refetch()} />}
              {catalogue.stillLoading && <CatalogueLoadingNote list="institutes" />}
            </>
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'recharge.education.area' })}
          hint={
            wholeState
              ? formatMessage({ id: 'recharge.education.noAreasHint' }, { location: location?.name ?? '' })
              : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              value={area}
              disabled={!location || wholeState}
              onChange={(event) => chooseArea(event.target.value)}
              className={inputClass}
            >
              {wholeState ? (
                <option value="">{formatMessage({ id: 'recharge.education.noAreas' })}</option>
              ) : (
                <option value="">{formatMessage({ id: 'recharge.education.chooseArea' })}</option>
              )}
              {areas.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <SearchableSelect
          label={formatMessage({ id: 'payments.receipt.biller' })}
          options={billers.data ?? []}
          value={biller}
          optionKey={(option) => option.billerId}
          optionLabel={(option) => option.billerName}
          onChange={(next) => setBiller(next)}
          placeholder={formatMessage({ id: 'spec.placeholders.billerSearch' })}
          maxHeight={BILLER_LIST_MAX_HEIGHT_PX}
          emptyText={formatMessage({ id: 'spec.empty.results' })}
          disabled={!billers.data || catalogue.stillLoading}
          loading={billers.isFetching}
        />
        {billers.isError && <RetryNote what="institutes" onRetry={() => billers.refetch()} />}
        <BusyButton type="submit" busy={loading} disabled={!biller} className={primaryButtonClass}>
          {formatMessage({ id: 'recharge.proceed' })}
        </BusyButton>
      </form>
    </section>
  );
}
