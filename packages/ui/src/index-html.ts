import type { ClientAsset } from './asset';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The one page: no inline script or style; asset URLs are relative, so the page works under any mount
 * path that ends with `/`. `apiBase` tells the client where the admin API is (a path on this origin).
 */
export function indexHtml(assets: readonly ClientAsset[], apiBase: string): string {
  const url = (role: ClientAsset['role']) => `assets/${escapeHtml(assets.find((a) => a.role === role)!.name)}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="flagadmin-api-base" content="${escapeHtml(apiBase)}">`,
    '<title>flagadmin</title>',
    `<link rel="icon" type="image/svg+xml" href="${url('icon')}">`,
    `<link rel="stylesheet" href="${url('style')}">`,
    `<script type="module" src="${url('script')}"></script>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '<noscript><p>The flagadmin admin page needs JavaScript. The admin API works without it: see /docs/openapi.json.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
