import { useIntl } from 'react-intl';
import { AboutContent, PageBanner } from '../../features/pages/index.ts';

export function Component() {
  const { formatMessage } = useIntl();
  return (
    <>
      <PageBanner
        title={formatMessage({ id: 'pages.about.title' })}
        trail={formatMessage({ id: 'pages.about.trail' })}
      />
      <AboutContent />
    </>
  );
}
