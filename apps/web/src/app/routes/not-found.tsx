import { useIntl } from 'react-intl';
import { ErrorScreen } from '../../components/layout/error-screen.tsx';

/** Unknown paths: the error screen ('Unexpected Application Error!') with the 404. */
export function Component() {
  const { formatMessage } = useIntl();
  return <ErrorScreen detail={formatMessage({ id: 'app.error.notFound' })} />;
}
