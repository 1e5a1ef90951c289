/** Core's source tree as the structure tests read it: its folder and every `.ts` file, relative to it. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORE_SRC = fileURLToPath(new URL('../../packages/core/src/', import.meta.url));

/** Every TypeScript file under core's src/, as `folder/file.ts` (root files without a folder). */
export function coreSources(dir = CORE_SRC, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) coreSources(path, out);
    else if (name.endsWith('.ts')) out.push(relative(CORE_SRC, path));
  }
  return out;
}

/** The folders directly under core's src/. */
export const coreFolders = (): string[] => readdirSync(CORE_SRC).filter((name) => statSync(join(CORE_SRC, name)).isDirectory());
