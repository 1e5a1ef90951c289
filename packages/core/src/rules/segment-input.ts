/** A segment request body, checked: constraints per operator, the total of values, the project. */
import { badData } from '../base/errors';
import { normalizeConstraints, type ConstraintInput } from './constraints';
import { checkConstraintFields, KnownContextFields } from './context-field-checks';
import { limitExceeded, type Limits } from '../base/limits';
import type { Constraint } from '../base/records';
import type { ReadTx } from '../base/storage';
import { assertValid } from '../schemas/validation';

export interface SegmentBody {
  name: string;
  description?: string | null;
  project?: string | null;
  constraints?: ConstraintInput[];
}

export interface SegmentFields {
  name: string;
  description: string | null;
  project: string | null;
  constraints: Constraint[];
}

/** Schema check only (before anything is read), so a malformed body is a 400 first. */
export function parseSegmentBody(body: unknown): SegmentBody {
  assertValid<SegmentBody>('segmentBody', body, 'segment');
  return body;
}

export async function segmentFields(tx: ReadTx, body: SegmentBody, limits: Limits): Promise<SegmentFields> {
  const constraints = normalizeConstraints(body.constraints ?? [], '/constraints', limits);
  const values = constraints.reduce((n, c) => n + (c.values?.length ?? 0) + (c.value === undefined ? 0 : 1), 0);
  if (values > limits.valuesPerSegment) {
    throw limitExceeded(
      'valuesPerSegment',
      limits.valuesPerSegment,
      `Too many constraint values in the segment (${values})`,
      '/constraints',
    );
  }
  const project = body.project ?? null;
  if (project !== null && !(await tx.get('projects', project))) {
    throw badData(`There is no project "${project}".`, [{ message: 'unknown project', path: '/project' }]);
  }
  await checkConstraintFields(new KnownContextFields(tx, project), constraints, '/constraints');
  return { name: body.name, description: body.description ?? null, project, constraints };
}
