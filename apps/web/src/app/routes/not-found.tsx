import { ErrorScreen } from '../../components/layout/error-screen.tsx';

/** Unknown paths: the error screen ('Unexpected Application Error!') with the 404. */
export function Component() {
  return <ErrorScreen detail="404 Not Found" />;
}
