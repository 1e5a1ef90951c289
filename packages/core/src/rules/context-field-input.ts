/** Create and update bodies of context fields, checked and turned into the stored fields. */
import { badData } from '../base/errors';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';
import { assertValid } from '../schemas/validation';

interface LegalValueBody {
  value: string;
  description?: string | null;
}

export interface ContextFieldBody {
  name?: string;
  description?: string | null;
  stickiness?: boolean;
  sortOrder?: number;
  legalValues?: LegalValueBody[] | null;
  project?: string | null;
}

export const legalValueOf = (v: LegalValueBody): ContextFieldRecord['legalValues'][number] =>
  v.description === undefined || v.description === null ? { value: v.value } : { value: v.value, description: v.description };

/** The legal values as stored: each value once (a repeat is a 400 naming it). */
export function legalValuesOf(input: readonly LegalValueBody[] | null | undefined): ContextFieldRecord['legalValues'] {
  const seen = new Set<string>();
  return (input ?? []).map((v, i) => {
    if (seen.has(v.value)) {
      const message = `The legal value "${v.value}" is given twice.`;
      throw badData(message, [{ message, path: `/legalValues/${i}/value` }]);
    }
    seen.add(v.value);
    return legalValueOf(v);
  });
}

export function parseCreateBody(body: unknown): ContextFieldBody & { name: string } {
  assertValid<ContextFieldBody & { name: string }>('createContextFieldBody', body, 'context field');
  return body;
}

export function parseUpdateBody(body: unknown): ContextFieldBody {
  assertValid<ContextFieldBody>('updateContextFieldBody', body, 'context field');
  return body;
}

/**
 * The project a new field belongs to: the path's (a body naming another is a 400), else the body's (an
 * existing project, else 400), else none (an instance field).
 */
export async function projectOfNewField(tx: ReadTx, body: ContextFieldBody, pathProject: string | undefined): Promise<string | null> {
  const named = body.project ?? null;
  if (pathProject !== undefined) {
    if (named !== null && named !== pathProject) {
      const message = `The field is created in project "${pathProject}" (the path's): leave "project" out or name that project.`;
      throw badData(message, [{ message, path: '/project' }]);
    }
    return pathProject;
  }
  if (named !== null && !(await tx.get('projects', named))) {
    throw badData(`There is no project "${named}".`, [{ message: 'unknown project', path: '/project' }]);
  }
  return named;
}

/**
 * A PUT as Unleash applies it: `legalValues` and `stickiness` are replaced (left out: none, false);
 * `description` and `sortOrder` left out are kept. The name and the project cannot change.
 */
export function updatedField(before: ContextFieldRecord, body: ContextFieldBody): ContextFieldRecord {
  if (body.name !== undefined && body.name !== before.name) {
    const message = `A context field cannot be renamed: "name" must be "${before.name}" or left out.`;
    throw badData(message, [{ message, path: '/name' }]);
  }
  if (body.project !== undefined && body.project !== before.project) {
    const message = `A context field cannot move to another project: "project" must be ${before.project === null ? 'null' : `"${before.project}"`} or left out.`;
    throw badData(message, [{ message, path: '/project' }]);
  }
  return {
    ...before,
    description: body.description === undefined ? before.description : (body.description ?? ''),
    legalValues: legalValuesOf(body.legalValues),
    stickiness: body.stickiness ?? false,
    sortOrder: body.sortOrder ?? before.sortOrder,
  };
}
