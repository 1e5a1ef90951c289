import { useEffect, useState } from 'preact/hooks';
import { setUnauthorizedHandler } from './api';
import { Page } from './components/page';
import { matchRoute, useHashPath } from './router';
import { SCREENS } from './routes';
import { endSession, hasSession } from './people';
import { forgetKey, readKey } from './session';
import { ResetPasswordView } from './views/reset-password';
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
/** The main navigation: each section's path (`#/<id>`, the projects at `#/`) and its label. */
const SECTIONS = [
  ['projects', 'Projects'],
  ['search', 'Search'],
  ['events', 'Events'],
  ['api-tokens', 'API tokens'],
  ['context-fields', 'Context fields'],
  ['environments', 'Environments'],
  ['feature-types', 'Feature types'],
  ['tag-types', 'Tag types'],
  ['segments', 'Segments'],
  ['strategies', 'Strategies'],
  ['integrations', 'Integrations'],
  ['playground', 'Playground'],
  ['applications', 'Applications'],
  ['cors-origins', 'CORS origins'],
  ['users', 'Users'],
] as const;

/** The section a hash path belongs to (a project's screens and unknown paths: projects). */
const section = (path: string): string => SECTIONS.find(([id]) => id !== 'projects' && path.startsWith(`/${id}`))?.[0] ?? 'projects';

export function App() {
  // A key in this tab signs in at once; else the API is asked whether the browser holds a session cookie.
  const [signedIn, setSignedIn] = useState<boolean | 'checking'>(() => readKey() !== null || 'checking');
  const [reason, setReason] = useState<string | null>(null);
  const path = useHashPath();
  useEffect(() => {
    if (signedIn === 'checking') void hasSession().then(setSignedIn);
  }, []);

  useEffect(
    () =>
      setUnauthorizedHandler((message) => {
        setReason(`Signed out: the API answered 401 (${message}) Sign in again to go on.`);
        setSignedIn(false);
      }),
    [],
  );

  // A reset link is opened signed out: its screen is outside the sign-in gate.
  if (path.startsWith('/reset-password')) {
    return (
      <main id="main">
        <ResetPasswordView path={path} />
      </main>
    );
  }
  if (signedIn === 'checking') {
    return (
      <main id="main">
        <p class="loading" role="status">
          Checking the session…
        </p>
      </main>
    );
  }
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
  const current = path.startsWith('/profile') ? null : section(path);
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
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#/${id === 'projects' ? '' : id}`} aria-current={current === id ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Account" class="account">
          <a href="#/profile" aria-current={path.startsWith('/profile') ? 'page' : undefined}>
            My profile
          </a>
        </nav>
        <button
          type="button"
          class="sign-out"
          onClick={async () => {
            forgetKey();
            await endSession();
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
