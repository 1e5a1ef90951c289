import { useEffect, useState } from 'preact/hooks';
import { setUnauthorizedHandler } from './api';
import { Page } from './components/page';
import { matchRoute, useHashPath } from './router';
import { SCREENS } from './routes';
import { forgetKey, readKey } from './session';
import { SignIn } from './views/sign-in';

function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        There is no such page. <a href="#/">Go to the projects</a>.
      </p>
    </Page>
  );
}

/** The shell: sign-in gate (a 401 anywhere returns here), navigation, and the current screen. */
export function App() {
  const [signedIn, setSignedIn] = useState(() => readKey() !== null);
  const [reason, setReason] = useState<string | null>(null);
  const path = useHashPath();

  useEffect(
    () =>
      setUnauthorizedHandler((message) => {
        setReason(`Signed out: the API answered 401 (${message}) Paste a valid key to go on.`);
        setSignedIn(false);
      }),
    [],
  );

  if (!signedIn) {
    return (
      <main id="main">
        <SignIn
          reason={reason}
          onSignedIn={() => {
            setReason(null);
            setSignedIn(true);
          }}
        />
      </main>
    );
  }

  const match = matchRoute(SCREENS, path.split('?')[0]!);
  const View = match?.view ?? NotFound;
  const section = path.startsWith('/events')
    ? 'events'
    : path.startsWith('/api-tokens')
      ? 'api-tokens'
      : path.startsWith('/context-fields')
        ? 'context-fields'
        : (/^\/(environments|feature-types|segments|strategies|playground|cors-origins|search|tag-types)/.exec(path)?.[1] ?? 'projects');
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor to #main that also moves focus to its heading */}
      <a class="skip-link" href="#main" onClick={(e) => (e.preventDefault(), document.querySelector<HTMLElement>('#main h1')?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <span class="brand">flagadmin</span>
        <nav aria-label="Main">
          <ul>
            <li>
              <a href="#/" aria-current={section === 'projects' ? 'page' : undefined}>
                Projects
              </a>
            </li>
            <li>
              <a href="#/search" aria-current={section === 'search' ? 'page' : undefined}>
                Search
              </a>
            </li>
            <li>
              <a href="#/events" aria-current={section === 'events' ? 'page' : undefined}>
                Events
              </a>
            </li>
            <li>
              <a href="#/api-tokens" aria-current={section === 'api-tokens' ? 'page' : undefined}>
                API tokens
              </a>
            </li>
            <li>
              <a href="#/context-fields" aria-current={section === 'context-fields' ? 'page' : undefined}>
                Context fields
              </a>
            </li>
            <li>
              <a href="#/environments" aria-current={section === 'environments' ? 'page' : undefined}>
                Environments
              </a>
            </li>
            <li>
              <a href="#/feature-types" aria-current={section === 'feature-types' ? 'page' : undefined}>
                Feature types
              </a>
            </li>
            <li>
              <a href="#/tag-types" aria-current={section === 'tag-types' ? 'page' : undefined}>
                Tag types
              </a>
            </li>
            <li>
              <a href="#/segments" aria-current={section === 'segments' ? 'page' : undefined}>
                Segments
              </a>
            </li>
            <li>
              <a href="#/strategies" aria-current={section === 'strategies' ? 'page' : undefined}>
                Strategies
              </a>
            </li>
            <li>
              <a href="#/playground" aria-current={section === 'playground' ? 'page' : undefined}>
                Playground
              </a>
            </li>
            <li>
              <a href="#/cors-origins" aria-current={section === 'cors-origins' ? 'page' : undefined}>
                CORS origins
              </a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          class="sign-out"
          onClick={() => {
            forgetKey();
            setReason('Signed out.');
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main">
        <View key={path} params={match?.params ?? {}} />
      </main>
    </>
  );
}
