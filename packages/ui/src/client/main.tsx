import { render } from 'preact';
import { setApiBase } from './api';
import { App } from './app';

// The handler writes where the admin API is into a meta tag (a path on this origin; '' = the root).
setApiBase(document.querySelector<HTMLMetaElement>('meta[name="flagadmin-api-base"]')?.content ?? '');
render(<App />, document.getElementById('app')!);
