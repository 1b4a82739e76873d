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
import { createElement, type JSXElementConstructor, type ReactElement, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

/**
 * Every component renders inside the site's language context, in English (the strings the tests
 * look for), as in the app: `render` and `renderHook` wrap a test's own `wrapper` in it.
 */
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof import('@testing-library/react')>();
  const { InEnglish } = await import('./intl.tsx');
  type Options = { wrapper?: JSXElementConstructor<{ children: ReactNode }> } | undefined;
  const inEnglish = (options: Options) => {
    const Inner = options?.wrapper;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(InEnglish, null, Inner ? createElement(Inner, null, children) : children);
    return { ...options, wrapper };
  };
  return {
    ...library,
    render: ((ui: ReactElement, options?: Options) =>
      library.render(ui, inEnglish(options))) as typeof library.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: Options) =>
      library.renderHook(hook, inEnglish(options))) as typeof library.renderHook,
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the language cookie a test wrote, expired
  document.cookie = 'erti_lang=; path=/; max-age=0';
});
