// The API's rule for talking to PostgreSQL (docs/architecture.md, "Who writes which table"), read
// from the source so the rule holds by more than good intentions:
// - every write is SQL: no TypeORM write (save, insert, update, delete, upsert, increment…) on a
//   repository, an EntityManager or a query builder;
// - a table is written only by its owner, as the owners' table in docs/architecture.md lists them;
// - a table with a home for its reads is read only there and by the readers listed beside it
//   ("Who reads a table", the same document): a new reader elsewhere asks the home instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ORM_WRITES = 'save|insert|update|delete|upsert|increment|decrement|remove|softDelete|softRemove|restore';

/** Every TypeORM write in one file's text: `{ line, text }`. */
export function ormWrites(source) {
  const receivers = new Set(['manager']);
  for (const [, name] of source.matchAll(/(\w+)\s*:\s*Repository</g)) receivers.add(name);
  for (const [, name] of source.matchAll(/(\w+)\s*=\s*[\w.]+\.getRepository\(/g)) receivers.add(name);
  const names = [...receivers].join('|');
  const patterns = [
    new RegExp(`\\b(?:${names})\\s*\\.(?:${ORM_WRITES})\\(`),
    new RegExp(`getRepository\\(\\w+\\)\\s*\\.(?:${ORM_WRITES})\\(`),
    // An EntityManager's write names its entity first: tx.update(Site, id, { … }).
    new RegExp(`\\.(?:${ORM_WRITES})\\(\\s*[A-Z]\\w*\\s*,`),
    /createQueryBuilder\([^)]*\)[\s\S]{0,80}?\.(?:update|insert|delete|softDelete)\(\)/,
  ];
  const found = [];
  const lines = source.split('\n');
  lines.forEach((text, index) => {
    // A chain prettier spread over lines is judged with the lines after its start.
    const span = text.includes('createQueryBuilder') ? 4 : 2;
    const judged = lines.slice(index, index + span).join('\n');
    if (patterns.some((pattern) => pattern.test(judged) && !pattern.test(lines[index + 1] ?? '')))
      found.push({ line: index + 1, text: text.trim() });
  });
  return found;
}

/** The tables one file's SQL writes: every INSERT INTO, UPDATE and DELETE FROM in its template strings. */
export function sqlWrites(source) {
  const tables = new Set();
  for (const [literal] of source.matchAll(/`[^`]*`/g)) {
    for (const [, table] of literal.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)\b/g)) tables.add(table);
  }
  return tables;
}

/** The tables one file's SQL reads: every FROM and JOIN in its template strings. */
export function sqlReads(source) {
  const tables = new Set();
  for (const [literal] of source.matchAll(/`[^`]*`/g)) {
    for (const [, table] of literal.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)\b/g)) tables.add(table);
  }
  return tables;
}

/**
 * The readers' table of docs/architecture.md ("Who reads a table"): a table to the paths allowed
 * to read it in SQL, its home first.
 */
export function readers(markdown) {
  const section = markdown.split('## Who reads a table')[1]?.split('\n## ')[0] ?? '';
  const map = new Map();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [, tableCell, homeCell, othersCell] = row.split('|');
    const table = /`([a-z_]+)`/.exec(tableCell)?.[1];
    const paths = [...`${homeCell}${othersCell}`.matchAll(/`([^`]+\/[^`]*)`/g)].map(([, path]) => path);
    if (table) map.set(table, paths);
  }
  return map;
}

/**
 * The owners' table of docs/architecture.md: table name to the paths (under services/api/src,
 * a folder ending in '/') allowed to write it.
 */
export function owners(markdown) {
  const section = markdown.split('## Who writes which table')[1]?.split('\n## ')[0] ?? '';
  const map = new Map();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `') || line.startsWith('| the'))) {
    const [, tablesCell, ownersCell] = row.split('|');
    const paths = [...ownersCell.matchAll(/`([^`]+\/[^`]*)`/g)].map(([, path]) => path);
    for (const [, table] of tablesCell.matchAll(/`([a-z_]+)`/g)) map.set(table, [...(map.get(table) ?? []), ...paths]);
  }
  return map;
}

const isOwner = (paths, file) => paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));

/** The API's source files under `srcDir` (its path from there, its text): migrations apply the schema and are left out, as are unit specs. */
function apiSources(srcDir) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(srcDir)
    .map((path) => ({ path, file: relative(srcDir, path).split('\\').join('/') }))
    .filter(
      ({ file }) => file.endsWith('.ts') && !file.startsWith('database/migrations/') && !file.endsWith('.spec.ts'),
    )
    .map(({ path, file }) => ({ file, source: readFileSync(path, 'utf8') }));
}

/** Every breach of the rule under `srcDir`. */
export function breaches(srcDir, markdown) {
  const tableOwners = owners(markdown);
  const problems = [];
  for (const { file, source } of apiSources(srcDir)) {
    for (const write of ormWrites(source)) problems.push(`${file}:${write.line}: a TypeORM write: ${write.text}`);
    for (const table of sqlWrites(source)) {
      const paths = tableOwners.get(table);
      if (!paths) problems.push(`${file}: writes ${table}, which has no owner in docs/architecture.md`);
      else if (!isOwner(paths, file)) problems.push(`${file}: writes ${table}, owned by ${paths.join(', ')}`);
    }
  }
  return problems;
}

/** Every read of a table with a home by a file that is neither its home nor a listed reader. */
export function readBreaches(srcDir, markdown) {
  const tableReaders = readers(markdown);
  const problems = [];
  for (const { file, source } of apiSources(srcDir)) {
    for (const table of sqlReads(source)) {
      const paths = tableReaders.get(table);
      if (paths && !isOwner(paths, file)) problems.push(`${file}: reads ${table}; ask ${paths[0]} instead`);
    }
  }
  return problems;
}
