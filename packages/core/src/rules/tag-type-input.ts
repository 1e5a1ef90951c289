/** A tag type from a request body (create, validate, update): Unleash's defaults, `''` as no icon or colour. */
import { AdminError } from '../base/errors';
import type { TagTypeRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';

export interface TagTypeBody {
  name: string;
  description?: string;
  icon?: string | null;
  color?: string | null;
}

/** The record a body makes, over `base` (an update keeps what the body leaves out). */
export function tagTypeRecord(body: Partial<TagTypeBody>, base: TagTypeRecord): TagTypeRecord {
  const blankToNull = (v: string | null | undefined, kept: string | null) => (v === undefined ? kept : v === '' ? null : v);
  return {
    name: base.name,
    description: body.description ?? base.description,
    icon: blankToNull(body.icon, base.icon),
    color: blankToNull(body.color, base.color),
  };
}

/** 409 when a tag type has the name (Unleash's wording). */
export async function requireFreeTagTypeName(tx: ReadTx, name: string): Promise<void> {
  if (await tx.get('tagTypes', name)) throw new AdminError('NameExistsError', `There already exists a tag-type with the name ${name}`);
}
