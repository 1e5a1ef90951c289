/**
 * A tiny mustache subset for webhook body templates: `{{a.b}}` is the value at that path, HTML-escaped as
 * mustache does; `{{{a.b}}}` is the value as is. Objects are written as JSON, a missing path as nothing.
 * Paths read own properties only (nothing of a prototype); no code runs, no sections, no partials.
 */
const TAG = /\{\{\{\s*([\w.-]{1,200})\s*\}\}\}|\{\{\s*([\w.-]{1,200})\s*\}\}/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

function lookup(view: unknown, path: string): unknown {
  let value = view;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function renderTemplate(template: string, view: unknown): string {
  return template.replace(TAG, (_match, raw: string | undefined, escaped: string | undefined) => {
    if (raw !== undefined) return text(lookup(view, raw));
    return text(lookup(view, escaped!)).replace(/[&<>"'/`=]/g, (c) => ESCAPES[c]!);
  });
}
