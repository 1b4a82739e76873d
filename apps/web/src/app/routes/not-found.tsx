import { data } from 'react-router';

/** Unknown paths throw a 404 so the router's error screen ('Unexpected Application Error!') shows. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function Component() {
  return null;
}
