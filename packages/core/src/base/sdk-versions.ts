/** Which SDK versions are outdated: Unleash's table of the oldest supported version of each official SDK. */
import semver from 'semver';
import type { ClientAppRecord } from './records';

/** The oldest supported version of each official SDK (Unleash's table); older ones are outdated. */
export const SDK_MINIMUM_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['unleash-client-node', '5.3.2'],
  ['unleash-client-nextjs', '1.6.2'],
  ['unleash-client-java', '9.2.0'],
  ['unleash-client-go', '4.1.0'],
  ['unleash-client-python', '5.11.0'],
  ['unleash-client-ruby', '5.0.0'],
  ['unleash-client-dotnet', '4.1.3'],
  ['unleash-client-php', '2.3.0'],
  ['unleash-node-sdk', '6.6.0'],
  ['unleash-nextjs-sdk', '1.6.2'],
  ['unleash-java-sdk', '11.0.2'],
  ['unleash-go-sdk', '5.0.3'],
  ['unleash-python-sdk', '6.3.0'],
  ['unleash-ruby-sdk', '6.3.1'],
  ['unleash-dotnet-sdk', '5.3.0'],
  ['unleash-php-sdk', '2.9.1'],
]);

/** `name:version` is outdated when the name is known and the version a valid semver below its minimum. */
export function isOutdatedSdk(sdkVersion: string): boolean {
  const at = sdkVersion.indexOf(':');
  if (at <= 0) return false;
  const minimum = SDK_MINIMUM_VERSIONS.get(sdkVersion.slice(0, at));
  const version = semver.valid(sdkVersion.slice(at + 1));
  return minimum !== undefined && version !== null && semver.lt(version, minimum);
}

/** The outdated SDK versions the apps' instances run, each with the apps running it (both sorted). */
export function outdatedSdkUsers(apps: readonly ClientAppRecord[]): { sdkVersion: string; applications: string[] }[] {
  const users = new Map<string, Set<string>>();
  for (const app of apps) {
    for (const instance of app.instances) {
      if (!instance.sdkVersion || !isOutdatedSdk(instance.sdkVersion)) continue;
      let names = users.get(instance.sdkVersion);
      if (!names) users.set(instance.sdkVersion, (names = new Set()));
      names.add(app.appName);
    }
  }
  return [...users.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sdkVersion, names]) => ({ sdkVersion, applications: [...names].sort() }));
}
