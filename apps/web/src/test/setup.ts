/**
 * The web tests' setup, and the one naming convention of their helpers:
 * - Where: app-wide helpers in `src/test/` (one file per helper, named for it: `toasts.ts`);
 *   a feature's shared helpers in `features/<feature>/testing/`; a helper one test file uses
 *   stays in that file.
 * - A feature's files: `render.tsx` (rendering, the signed-in session and the stand-in for the
 *   api the screens call) and `fixtures.ts` (test data).
 * - Names: `render<What>` renders with the app's providers (`renderScreen` for a feature's shared
 *   one); `stubApi` replaces `fetch` with a test's answers to the api's calls; `serve<What>` installs
 *   a test's set of them and `<what>Answers` is a handler given to `stubApi`; `make<Thing>` builds
 *   test data from overrides; `signIn` stores a signed-in session.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
