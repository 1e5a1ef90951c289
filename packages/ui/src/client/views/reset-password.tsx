import { useState } from 'preact/hooks';
import { ActionNotices } from '../components/confirm-button';
import { NewPasswordFields, passwordsDiffer } from '../components/new-password-fields';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { checkResetToken, setPasswordWithToken } from '../people';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/** The token of a reset link (`#/reset-password?token=…`): in the fragment, so it reaches no server log. */
const tokenOf = (path: string): string => new URLSearchParams(path.split('?')[1] ?? '').get('token') ?? '';

/**
 * A reset link an admin handed over, opened signed out: whom it is for, and a new password (the policy's
 * rules said before). The link works once; setting the password ends the person's sessions.
 */
export function ResetPasswordView({ path }: { path: string }) {
  const token = tokenOf(path);
  const owner = useResource(() => checkResetToken(token), [token]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const action = useAction();
  const mismatch = passwordsDiffer(password, confirm);

  async function submit(event: Event) {
    event.preventDefault();
    if (mismatch) return;
    if (await action.run(() => setPasswordWithToken(token, password), 'Your password is set. Sign in with it.')) {
      setPassword('');
      setConfirm('');
    }
  }

  return (
    <Page title="Set a new password">
      {owner.loading && !owner.data && !owner.error ? <Loading what="the reset link" /> : null}
      <ErrorNotice error={owner.error} />
      {action.done ? (
        <>
          <ActionNotices action={action} />
          <p>
            <a href="#/">Sign in</a>
          </p>
        </>
      ) : owner.data ? (
        <>
          <Notice kind="info">A new password for {owner.data.name ? `${owner.data.name} (${owner.data.email})` : owner.data.email}.</Notice>
          <form class="stack narrow" onSubmit={submit}>
            <NewPasswordFields id="reset-password" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
            <button type="submit" class="primary" disabled={action.busy || mismatch}>
              Set password
            </button>
          </form>
          <ActionNotices action={action} />
        </>
      ) : null}
      {owner.error ? (
        <p>
          Ask an admin for a new link, or <a href="#/">sign in</a>.
        </p>
      ) : null}
    </Page>
  );
}
