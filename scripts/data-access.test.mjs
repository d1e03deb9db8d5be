// The API speaks to PostgreSQL one way (docs/architecture.md, "Who writes which table"): writes are
// SQL, each table written by its owner only. The scanner is tried on planted breaches first, so a
// clean source tree means something.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { breaches, ormWrites, owners, readBreaches, readers, sqlReads, sqlWrites } from './data-access.mjs';

const root = new URL('..', import.meta.url);
const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');

test('the scanner finds TypeORM writes however prettier lays them out', () => {
  const planted = [
    'constructor(@InjectRepository(User) private readonly users: Repository<User>) {}',
    'await this.users.update(id, { name });',
    'await tx',
    '  .getRepository(User)',
    '  .update(user.id, { confirmedAt: at });',
    'const codes = tx.getRepository(OneTimeCode);',
    'await codes.insert({ userId });',
    'await this.sites',
    '  .createQueryBuilder()',
    '  .update()',
    '  .set({ online: false })',
    'await manager.save(user);',
    'const hash = createHash("sha256").update(code);',
    'await this.users.findOneBy({ id });',
    'const changed = await tx.update(Site, siteId, { tokenHash });',
    'const copy = Object.assign(target, { id });',
  ].join('\n');
  assert.deepEqual(
    ormWrites(planted).map((write) => write.line),
    [2, 4, 7, 9, 12, 15],
  );
});

test('the scanner reads the tables a file writes from its SQL, not from its prose', () => {
  const source = [
    '// one conditional UPDATE of the row',
    'await tx.query(`UPDATE bookings SET cancelled_at = $2 WHERE id = $1`, [id, at]);',
    'await tx.query(`INSERT INTO settings (site_id, key, value) VALUES ($1, $2, $3)',
    '  ON CONFLICT (site_id, key) DO UPDATE SET value = EXCLUDED.value`);',
    'await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`);',
    'await tx.query(`DELETE FROM user_identities WHERE user_id = $1`);',
  ].join('\n');
  assert.deepEqual([...sqlWrites(source)].sort(), ['bookings', 'settings', 'user_identities']);
});

test("the owners' table in docs/architecture.md names an owner for every table", () => {
  const map = owners(architecture);
  assert.deepEqual(map.get('users'), ['users/users.service.ts', 'users/admin-account.ts']);
  assert.ok(map.get('shelves').includes('database/seed.ts') && map.get('shelves').includes('shelves/'));
  assert.ok(map.get('sites').includes('devices/'));
});

test('every write in the API is SQL, by the owner docs/architecture.md names', () => {
  assert.deepEqual(breaches(fileURLToPath(new URL('services/api/src', root)), architecture), []);
});

test('the scanner reads the tables a file reads from its SQL', () => {
  const source = [
    '// read FROM bookings in prose is not a read',
    'await db.query(`SELECT b.id FROM bookings b JOIN courts c ON c.id = b.court_id`);',
    'await db.query(`SELECT 1 FROM waitlist_entries WHERE id = $1`);',
  ].join('\n');
  assert.deepEqual([...sqlReads(source)].sort(), ['bookings', 'courts', 'waitlist_entries']);
});

test("the readers' table in docs/architecture.md gives bookings its home first", () => {
  assert.equal(readers(architecture).get('bookings')[0], 'bookings/');
});

test('a table with a home is read in SQL only there and by the readers listed beside it', () => {
  assert.deepEqual(readBreaches(fileURLToPath(new URL('services/api/src', root)), architecture), []);
  // A reader that is not listed is found.
  const withoutStats = architecture.replace(/,? `stats\/stats-sql\.ts`/, '');
  assert.deepEqual(readBreaches(fileURLToPath(new URL('services/api/src', root)), withoutStats), [
    'stats/stats-sql.ts: reads bookings; ask bookings/ instead',
  ]);
});

test('every reader listed beside a home still reads the table: one that moved its query is taken off', () => {
  const src = fileURLToPath(new URL('services/api/src/', root));
  for (const [table, [, ...others]] of readers(architecture)) {
    const stale = others.filter((file) => !sqlReads(readFileSync(`${src}${file}`, 'utf8')).has(table));
    assert.deepEqual(stale, [], `listed as reading ${table} but no longer reading it`);
  }
});
