import type { DemoData } from './demo';

/** Single-quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Copy-paste curl lines for the five admin operations against a running instance. */
export function demoCurls(
  url: string,
  key: string,
  demo: Pick<DemoData, 'patchTarget' | 'changeRequest' | 'outdatedSdkProject'>,
): string[] {
  const auth = `-H ${shellQuote(`Authorization: ${key}`)}`;
  const { projectId, featureName } = demo.patchTarget;
  const patch = JSON.stringify([{ op: 'replace', path: '/description', value: 'Changed with curl' }]);
  return [
    `curl -s -X PATCH ${auth} -H 'Content-Type: application/json' -d ${shellQuote(patch)} ${url}/api/admin/projects/${projectId}/features/${featureName}`,
    `curl -s ${auth} ${url}/api/admin/events`,
    `curl -s ${auth} ${url}/api/admin/projects`,
    `curl -s ${auth} ${url}/api/admin/projects/${demo.changeRequest.projectId}/change-requests/${demo.changeRequest.id}`,
    `curl -s ${auth} ${url}/api/admin/projects/${demo.outdatedSdkProject}/sdks/outdated`,
  ];
}
