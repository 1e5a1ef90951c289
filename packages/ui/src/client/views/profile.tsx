import { useState } from 'preact/hooks';
import { ActionNotices } from '../components/confirm-button';
import { NewPasswordFields, passwordsDiffer } from '../components/new-password-fields';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { changeMyPassword, getMe, getProfile, type Me, type Profile } from '../people';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

const scope = (list: string[]): string => (list.includes('*') ? 'all' : list.join(', '));

/** Who is signed in (a person, or a key), their role and scope; a person changes their own password here. */
export function ProfileView() {
  const me = useResource(getMe, []);
  const profile = useResource(getProfile, []);
  const person = me.data && !me.data.user.isAPI ? me.data : null;
  return (
    <Page title="My profile">
      <ErrorNotice error={me.error} />
      {me.loading && !me.data ? <Loading what="the profile" /> : null}
      {me.data ? <Details me={me.data} profile={profile.data} profileLoading={profile.loading} /> : null}
      {me.data?.user.isAPI ? <Notice kind="info">Signed in with an API key: a key has no password and no personal tokens.</Notice> : null}
      {person ? (
        <>
          <p>
            <a href="#/profile/tokens">My personal access tokens</a>
          </p>
          {profile.data?.canChangePassword === false ? (
            <Notice kind="info">You sign in with single sign-on: there is no password of yours here to change.</Notice>
          ) : (
            <PasswordChange />
          )}
        </>
      ) : null}
    </Page>
  );
}

function Details({ me, profile, profileLoading }: { me: Me; profile: Profile | undefined; profileLoading: boolean }) {
  const { user } = me;
  // The profile's role and projects once it arrives (nothing in their place before); without one (it failed),
  // the sign-in's own.
  const waiting = !profile && profileLoading;
  const role = profile ? profile.rootRole.name : waiting ? '…' : (me.role ?? 'none');
  const projects = profile ? profile.projects.join(', ') || 'none' : waiting ? '…' : scope(me.projects);
  return (
    <dl class="details">
      {user.isAPI ? null : (
        <>
          <dt>Name</dt>
          <dd>{user.name || '—'}</dd>
          <dt>Email</dt>
          <dd>{user.email ?? '—'}</dd>
        </>
      )}
      <dt>{user.isAPI ? 'Key' : 'Username'}</dt>
      <dd>{user.username ?? '—'}</dd>
      <dt>Role</dt>
      <dd data-testid="profile-role">{role}</dd>
      <dt>Projects</dt>
      <dd data-testid="profile-projects">{projects}</dd>
      <dt>Environments</dt>
      <dd>{scope(me.environments)}</dd>
    </dl>
  );
}

function PasswordChange() {
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const action = useAction();
  const mismatch = passwordsDiffer(next, confirm);

  async function submit(event: Event) {
    event.preventDefault();
    if (mismatch) return;
    const changed = await action.run(() => changeMyPassword(old, next, confirm), 'Password changed. Other sessions of yours have ended.');
    if (changed) for (const clear of [setOld, setNext, setConfirm]) clear('');
  }

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Change my password</h2>
      <form class="stack narrow" onSubmit={submit}>
        <label for="old-password">Current password</label>
        <input
          id="old-password"
          type="password"
          autocomplete="current-password"
          required
          value={old}
          onInput={(e) => setOld(e.currentTarget.value)}
        />
        <NewPasswordFields id="new-password" password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} />
        <button type="submit" class="primary" disabled={action.busy || mismatch}>
          Change password
        </button>
      </form>
      <ActionNotices action={action} />
    </section>
  );
}
