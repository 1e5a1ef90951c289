/** The client features a key reads, in Unleash's client format: the one computation behind the client API's reads. */
import { canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { FeatureRecord } from '../base/records';
import type { ReadTx } from '../base/storage';
import { clientFeature, type ClientFeaturesResponse, type SegmentView } from '../documents/client-feature';
import { isEnabledEnvironment } from '../documents/environment-document';
import { environments } from './lookups';

/** What a client asks beyond its key: some of its projects, a name prefix. */
export interface ClientQuery {
  project?: readonly string[];
  namePrefix?: string | null;
}

/**
 * The features of the key's projects (or of the asked ones within its scope) in the key's environment
 * (a `*` key: the first enabled environment; a disabled one: every feature disabled), archived ones left out, by name. `inline`: segments' constraints
 * copied into the strategies (SDKs older than client spec 4.2.0), else the used segments listed beside.
 */
export async function readClientFeatures(
  tx: ReadTx,
  principal: Principal,
  input: ClientQuery,
  inline: boolean,
): Promise<ClientFeaturesResponse> {
  const view: SegmentView = { segments: new Map((await tx.list('segments')).map((s) => [s.id, s])), inline, used: new Map() };
  const envs = await environments(tx);
  const own = principal.environments[0];
  const environment = own && own !== '*' ? own : ([...envs.values()].find(isEnabledEnvironment)?.name ?? 'development');
  // A disabled environment is served to no SDK: its features answer disabled, without strategies.
  const record = envs.get(environment);
  const served = record !== undefined && isEnabledEnvironment(record) ? environment : undefined;
  const wanted = input.project?.length ? input.project.filter((p) => canSeeProject(principal, p)) : undefined;
  let records: FeatureRecord[];
  if (wanted) records = (await Promise.all(wanted.map((p) => tx.list('features', { project: p })))).flat();
  else if (seesAllProjects(principal)) records = await tx.list('features');
  else records = (await Promise.all(principal.projects.map((p) => tx.list('features', { project: p })))).flat();
  const prefix = input.namePrefix ?? '';
  const features = records
    .filter((f) => !f.archived && f.name.startsWith(prefix))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => clientFeature(f, served, view));
  return {
    version: 2,
    features,
    query: {
      environment,
      ...(wanted ? { project: wanted } : {}),
      ...(prefix ? { namePrefix: prefix } : {}),
      inlineSegmentConstraints: inline,
    },
    ...(inline ? {} : { segments: [...view.used.values()].sort((a, b) => a.id - b.id) }),
  };
}
