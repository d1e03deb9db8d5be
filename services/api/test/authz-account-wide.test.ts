import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { messages } from '@kort/contracts';
import { seedNewSite } from '../src/database/seed';
import { SitesService } from '../src/sites/sites.service';
import { insertUser } from './admin/admin-support';
import { PASSWORD } from './support/accounts';
import type { Client } from './support/client';
import { signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

// The authorization matrix's account-wide rows. An account is the install's, not a site's, so a
// block, a restore, the sport-school flag and a role reach every site. Who may do each, on whom:
// an owner acts on anyone (but their own block and role); a site's admin acts on players only, lifts
// only a block made at a site they run, and never sets the sport-school flag (it lifts the quotas
// everywhere); a player on nobody. A block is written in the log of every site it touches.
// docs/decisions/0071-account-wide-acts.md.

/** Wednesday 13 October 2027, 12:00 in Moscow. */
const NOW = '2027-10-13T09:00:00Z';
/** Tomorrow 12:00 in Vladivostok (B), a game of B's player. */
const B_GAME = { startsAt: '2027-10-14T02:00:00Z', endsAt: '2027-10-14T03:00:00Z' };
const A = 'default';
const B = `acts-b-${randomUUID().slice(0, 6)}`;

const ACTORS = ['owner', 'admin of A', 'admin of B', 'player'] as const;
type Actor = (typeof ACTORS)[number];
const TARGETS = ['another owner', 'admin of A', 'admin of B', 'player of A', 'player of B only'] as const;
type Target = (typeof TARGETS)[number];

type Answer = { status: number; detail?: string };
const OK: Answer = { status: 200 };
const refused = (status: number, detail: string): Answer => ({ status, detail });
const FORBIDDEN = refused(403, messages.forbidden);
const STAFF = refused(403, messages.staffOwnersOnly);
const staff = (target: Target) => target === 'another owner' || target.startsWith('admin');
/**
 * An act on an account: a player is refused, an owner may; a site's admin is refused on an admin's
 * or an owner's account and otherwise answered `onPlayers` (what they may do to a player).
 */
const accountAct =
  (onPlayers: (actor: 'admin of A' | 'admin of B') => Answer) =>
  (actor: Actor, target: Target): Answer =>
    actor === 'player' ? FORBIDDEN : actor === 'owner' ? OK : staff(target) ? STAFF : onPlayers(actor);

let api: TestApp;
const actors = {} as Record<Actor, { client: Client; id: number }>;

beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(NOW);
  await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ($1, 'Площадка Б', $1, 'Asia/Vladivostok')`, [
    B,
  ]);
  await seedNewSite(api.db, B);
  const [owner, adminA, adminB, player] = await Promise.all([
    signedInPlayers(api, 1, { role: 'owner' }),
    signedInPlayers(api, 1, { role: 'admin' }),
    signedInPlayers(api, 1, { role: 'admin' }),
    signedInPlayers(api, 1),
  ]);
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ($1, $2), ($3, $4)`, [
    A,
    adminA[0]!.id,
    B,
    adminB[0]!.id,
  ]);
  api.app.get(SitesService).wrote();
  Object.assign(actors, {
    owner: owner[0],
    'admin of A': adminA[0],
    'admin of B': adminB[0],
    player: player[0],
  });
}, 30_000);
afterAll(() => api?.close());

let bGames = 0;

/** A fresh account of the kind, so each cell starts from the same state. */
async function newTarget(kind: Target): Promise<number> {
  const role = kind === 'another owner' ? 'owner' : kind.startsWith('admin') ? 'admin' : 'player';
  const { id } = await insertUser(api, { name: `Цель ${randomUUID().slice(0, 6)}`, role });
  if (kind === 'admin of A' || kind === 'admin of B') {
    await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ($1, $2)`, [
      kind === 'admin of A' ? A : B,
      id,
    ]);
    api.app.get(SitesService).wrote();
  }
  if (kind === 'player of B only') {
    const [court] = await api.db.query<{ id: number }[]>(`SELECT min(id) AS id FROM courts WHERE site_id = $1`, [B]);
    // Each on a day of its own (the court's hour holds one game).
    const day = (iso: string) => new Date(Date.parse(iso) + bGames++ * 86_400_000).toISOString();
    await api.db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2)`,
      [id, court!.id, day(B_GAME.startsAt), day(B_GAME.endsAt)],
    );
  }
  return id;
}

/** Blocks the account as `by` would have: an owner's block (no site), or a site admin's at their site. */
async function blockedBy(id: number, by: 'owner' | 'admin of A' | 'admin of B'): Promise<void> {
  const site = by === 'owner' ? null : by === 'admin of A' ? A : B;
  await api.db.query(
    `UPDATE users SET deleted_at = now(), deletion_kind = 'admin', blocked_site_id = $2 WHERE id = $1`,
    [id, site],
  );
}

const blocked = async (id: number) =>
  (await api.db.query<{ kind: string | null }[]>(`SELECT deletion_kind AS kind FROM users WHERE id = $1`, [id]))[0]!
    .kind === 'admin';

/** What a cell must answer: the rule of docs/decisions/0071, restated for each act. */
const ACTS: {
  name: string;
  /** The target's state before the call. */
  prepare?: (id: number) => Promise<void>;
  call: (client: Client, id: number) => Promise<{ status: number; body: unknown }>;
  expected: (actor: Actor, target: Target) => Answer;
  /** What the call did, when it answered 200. */
  changed?: (id: number) => Promise<boolean>;
}[] = [
  {
    name: 'block (delete_user)',
    call: (client, id) => client.act(`/api/delete_user/?id=${id}`),
    expected: accountAct(() => OK),
    changed: blocked,
  },
  {
    name: 'block (PUT blocked: true)',
    call: (client, id) => client.put(`/api/admin/users/${id}`, { blocked: true }),
    expected: accountAct(() => OK),
    changed: blocked,
  },
  {
    name: "restore (restore_user) of an owner's block",
    prepare: (id) => blockedBy(id, 'owner'),
    call: (client, id) => client.act(`/api/restore_user/?id=${id}`),
    expected: accountAct(() => refused(403, messages.blockedElsewhere)),
    changed: async (id) => !(await blocked(id)),
  },
  {
    name: "restore (PUT blocked: false) of a block made at B by B's admin",
    prepare: (id) => blockedBy(id, 'admin of B'),
    call: (client, id) => client.put(`/api/admin/users/${id}`, { blocked: false }),
    expected: accountAct((actor) => (actor === 'admin of B' ? OK : refused(403, messages.blockedElsewhere))),
    changed: async (id) => !(await blocked(id)),
  },
  {
    name: 'the sport-school flag',
    call: (client, id) => client.put(`/api/admin/users/${id}`, { is_sport_school: true }),
    expected: accountAct(() => refused(403, messages.sportSchoolOwnersOnly)),
    changed: async (id) =>
      (await api.db.query<{ flag: boolean }[]>(`SELECT is_sport_school AS flag FROM users WHERE id = $1`, [id]))[0]!
        .flag,
  },
  {
    name: 'a role (made the admin of B)',
    call: (client, id) => client.put(`/api/admin/users/${id}`, { role: 'admin', site_ids: [B] }),
    expected: (actor, target) =>
      actor === 'player'
        ? FORBIDDEN
        : actor !== 'owner'
          ? target === 'admin of B'
            ? OK // the same values sent back change nothing and need nobody's permission
            : refused(403, messages.siteOwnersOnly)
          : OK,
  },
  {
    name: 'an admin with no site (site_ids: [])',
    call: (client, id) => client.put(`/api/admin/users/${id}`, { role: 'admin', site_ids: [] }),
    expected: (actor) =>
      actor === 'player'
        ? FORBIDDEN
        : actor === 'owner'
          ? refused(422, messages.adminNeedsSite)
          : refused(403, messages.siteOwnersOnly),
  },
];

describe.each(ACTS)('$name', ({ prepare, call, expected, changed }) => {
  test.each(ACTORS.flatMap((actor) => TARGETS.map((target) => [actor, target] as const)))(
    'by %s on %s',
    async (actor, target) => {
      const id = await newTarget(target);
      await prepare?.(id);
      const before = changed ? await changed(id) : false;
      const response = await call(actors[actor].client, id);
      const want = expected(actor, target);
      const detail = (response.body as { detail?: unknown }).detail;
      expect({ status: response.status, ...(want.detail ? { detail } : {}) }).toEqual(want);
      // A refusal changes nothing; an allowed act does what it says.
      if (changed) expect(await changed(id)).toBe(want.status === 200 ? true : before);
    },
  );
});

test("a block by A's admin of a player who plays only at B cancels the game at B and is written in B's log", async () => {
  const id = await newTarget('player of B only');
  const response = await actors['admin of A'].client.act(`/api/delete_user/?id=${id}`);
  expect(response.status).toBe(200);
  const log = await api.db.query<{ site_id: string; detail: string | null }[]>(
    `SELECT site_id, detail FROM admin_actions WHERE action = 'user.block' AND target_id = $1 ORDER BY id`,
    [String(id)],
  );
  expect(log).toEqual([
    { site_id: A, detail: 'Отменено игр: 1' },
    { site_id: B, detail: 'Заблокирован на площадке «Основная площадка»; отменено игр здесь: 1' },
  ]);
  // B's admin reads it in B's own log.
  const { body } = await actors['admin of B'].client.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ target_id: String(id) }))}`,
  );
  expect((body as { detail: string | null }[]).map((row) => row.detail)).toContain(
    'Заблокирован на площадке «Основная площадка»; отменено игр здесь: 1',
  );
});

test("A's admin reads no game of B in a block's effects: they are counted, not shown", async () => {
  const id = await newTarget('player of B only');
  const mine = await actors['admin of A'].client.get(`/api/admin/users/${id}/block-effects`);
  expect(mine.body).toEqual({
    cancelled_games: [],
    games_on_now: [],
    shelf: null,
    other_sites: { cancelled_games: 1, games_on_now: 0 },
  });
  const owners = await actors.owner.client.get(`/api/admin/users/${id}/block-effects`);
  expect((owners.body as { cancelled_games: unknown[] }).cancelled_games).toHaveLength(1);
  expect((owners.body as { other_sites: unknown }).other_sites).toEqual({ cancelled_games: 0, games_on_now: 0 });
});

test('`npm run admin:create` lifts a block on the owner it names', async () => {
  const [blockedOwner] = await signedInPlayers(api, 1, { role: 'owner' });
  await blockedBy(blockedOwner!.id, 'owner');
  const login = () => api.client().post('/api/login/', { email: blockedOwner!.email, password: PASSWORD });
  expect((await login()).status).toBe(403);
  execFileSync(
    process.execPath,
    [join(__dirname, '../dist/cli/admin-create.js'), '--email', blockedOwner!.email, '--password', PASSWORD],
    { env: { ...process.env, DATABASE_URL: api.config.databaseUrl } },
  );
  expect((await login()).status).toBe(200);
});
