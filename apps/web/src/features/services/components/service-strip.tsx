import { SERVICE_STRIP_ITEM_PX } from '@erti/contracts/constants';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { paths } from '../../../lib/paths.ts';
import { otherServices } from '../catalogue-search.ts';
import { useElementWidth } from '../hooks/use-element-width.ts';
import { stripItemCount } from '../strip-layout.ts';
import { ServiceIcon } from './service-icon.tsx';

const arrowClass =
  'flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-gray-300 bg-white text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * The desktop-only row of the other services, as many as fit (floor((width - 100) / 120)),
 * scrolled one service at a time with the arrow buttons.
 */
export function ServiceStrip({ currentTitle }: { currentTitle: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const visibleCount = stripItemCount(useElementWidth(containerRef));
  const services = otherServices(currentTitle);
  const lastStart = Math.max(0, services.length - visibleCount);
  const [requestedStart, setStart] = useState(0);
  const start = Math.min(requestedStart, lastStart);
  const shown = services.slice(start, start + visibleCount);
  const { formatMessage } = useIntl();
  const catalogueText = useCatalogueText();
  return (
    <nav
      aria-label={formatMessage({ id: 'services.strip.label' })}
      className="hidden border-b bg-white md:block"
    >
      <div ref={containerRef} className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3">
        <button
          type="button"
          aria-label={formatMessage({ id: 'services.strip.previous' })}
          className={arrowClass}
          disabled={start === 0}
          onClick={() => setStart(start - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="flex flex-1 justify-center overflow-hidden">
          {shown.map(({ categorySlug, service }) => (
            <li key={service.title} style={{ width: SERVICE_STRIP_ITEM_PX }} className="shrink-0">
              <Link
                to={paths.service(categorySlug, service.title)}
                className="flex flex-col items-center gap-1 rounded-lg px-2 py-1 text-center text-sm text-gray-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <ServiceIcon name={service.icon} className="h-6 w-6" />
                <span className="line-clamp-2">{catalogueText(service.caption)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-label={formatMessage({ id: 'services.strip.next' })}
          className={arrowClass}
          disabled={start >= lastStart}
          onClick={() => setStart(start + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </nav>
  );
}
