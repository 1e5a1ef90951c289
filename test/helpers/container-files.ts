/**
 * Readers for the repository's Dockerfile and compose.yaml, strict about what they accept: anything they
 * do not understand throws, so a test built on them fails rather than reading a file wrongly.
 */

export interface Instruction {
  /** Upper case: FROM, RUN, ENV, ... */
  name: string;
  /** The arguments as written, continuation lines joined with one space. */
  args: string;
  /** Index of the stage (FROM) it belongs to: 0, 1, ... (-1 before the first FROM: ARG). */
  stage: number;
}

/** The Dockerfile's instructions, comments and blank lines left out, `\` continuations joined. */
export function dockerfileInstructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let stage = -1;
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(whole);
    if (!match) throw new Error(`Dockerfile: cannot read ${JSON.stringify(whole)}`);
    const name = match[1]!.toUpperCase();
    if (name === 'FROM') stage++;
    out.push({ name, args: match[2]!, stage });
  }
  if (pending) throw new Error('Dockerfile: ends inside a continued line');
  return out;
}

/** `KEY=value KEY2=value2` (ENV's form used here; no quotes, no spaces in values) as a map. */
export function envPairs(args: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of args.split(/\s+/)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(pair);
    if (!match) throw new Error(`ENV: cannot read ${JSON.stringify(pair)}`);
    out.set(match[1]!, match[2]!);
  }
  return out;
}

export type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  number: number;
}

/**
 * The YAML subset compose.yaml is written in: block mappings and `- item` lists by two-space indentation,
 * plain or double-quoted scalars, JSON-style flow lists (`["CMD", "x"]`), `{}` (an empty mapping), `&anchor` on a mapping and the
 * `<<: *anchor` merge key. Comments and blank lines are skipped; tabs, other flow forms, multi-line scalars
 * and anything else throw.
 */
export function parseYamlSubset(text: string): { [key: string]: Yaml } {
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.includes('\t')) throw new Error(`line ${i + 1}: a tab`);
    const body = raw.replace(/\s+#.*$/, '').trimEnd();
    if (body.trim() === '' || body.trim().startsWith('#')) return;
    const indent = body.length - body.trimStart().length;
    if (indent % 2 !== 0) throw new Error(`line ${i + 1}: indentation not a multiple of two`);
    lines.push({ indent, text: body.trim(), number: i + 1 });
  });
  const anchors = new Map<string, { [key: string]: Yaml }>();
  let at = 0;

  const scalar = (value: string, line: Line): Yaml => {
    if (value.startsWith('"')) return JSON.parse(value) as string;
    if (value === '{}') return Object.create(null) as { [key: string]: Yaml };
    if (value.startsWith('[')) {
      const list = JSON.parse(value) as unknown;
      if (!Array.isArray(list) || !list.every((v) => typeof v === 'string'))
        throw new Error(`line ${line.number}: a flow list of strings only`);
      return list as string[];
    }
    if (/^[{'|>&*!]/.test(value)) throw new Error(`line ${line.number}: unsupported value ${JSON.stringify(value)}`);
    return value;
  };

  const block = (indent: number): Yaml => {
    const first = lines[at];
    if (!first || first.indent !== indent) throw new Error(`line ${first?.number ?? 'end'}: expected a block at indentation ${indent}`);
    return first.text.startsWith('- ') ? list(indent) : mapping(indent);
  };

  const list = (indent: number): Yaml[] => {
    const out: Yaml[] = [];
    while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith('- ')) {
      const line = lines[at++]!;
      out.push(scalar(line.text.slice(2).trim(), line));
    }
    return out;
  };

  const mapping = (indent: number): { [key: string]: Yaml } => {
    const out: { [key: string]: Yaml } = Object.create(null);
    while (at < lines.length && lines[at]!.indent === indent) {
      const line = lines[at++]!;
      const match = /^([A-Za-z0-9_.<-]+):(?:\s+(.*))?$/.exec(line.text);
      if (!match) throw new Error(`line ${line.number}: cannot read ${JSON.stringify(line.text)}`);
      const [, key, rest] = match as unknown as [string, string, string | undefined];
      if (Object.hasOwn(out, key)) throw new Error(`line ${line.number}: ${key} twice`);
      if (key === '<<') {
        const anchor = anchors.get(/^\*([\w-]+)$/.exec(rest ?? '')?.[1] ?? '');
        if (!anchor) throw new Error(`line ${line.number}: a merge key needs a known *anchor`);
        for (const [k, v] of Object.entries(anchor)) out[k] = v;
        continue;
      }
      const anchorName = /^&([\w-]+)$/.exec(rest ?? '')?.[1];
      if (rest !== undefined && anchorName === undefined) {
        out[key] = scalar(rest, line);
        continue;
      }
      const next = lines[at];
      if (!next || next.indent <= indent) throw new Error(`line ${line.number}: ${key} has no value`);
      const value = block(next.indent);
      if (anchorName) {
        if (Array.isArray(value) || typeof value === 'string') throw new Error(`line ${line.number}: anchors on mappings only`);
        anchors.set(anchorName, value);
      }
      out[key] = value;
    }
    return out;
  };

  const doc = mapping(0);
  if (at !== lines.length) throw new Error(`line ${lines[at]!.number}: unexpected indentation`);
  return doc;
}

/** `${NAME:-default}` and `${NAME}` as compose fills them in from `env`. */
export function interpolate(value: string, env: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
    const set = env[name];
    return set !== undefined && set !== '' ? set : (fallback ?? '');
  });
}
