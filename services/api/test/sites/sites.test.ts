import { messages } from '@kort/contracts';
import { waitFor } from '../support/wait';
import { signedInPlayers } from '../support/players';
import { realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';

// The sites themselves: the public list, a player's choice, and the owner's resource (create,
// edit, the agent token shown once). What each site's data is, and who sees it, is tested in
// club-per-site, admin-isolation and agents-per-site.

let api: TestApp;
const base = () => `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;

beforeAll(async () => {
  api = await startTestApp({}, undefined, { ownDatabase: true });
});
afterAll(() => api?.close());

describe('GET /api/sites/ and POST /api/site/', () => {
  it('lists the sites to anyone, the default one first, and a player chooses theirs', async () => {
    await api.db.query(
      `INSERT INTO sites (id, name, slug, timezone) VALUES ('vl-north', 'Владивосток, Север', 'vl-north', 'Asia/Vladivostok')`,
    );
    const anonymous = await api.client().get('/api/sites/');
    expect(anonymous.status).toBe(200);
    // Each with its courts taking bookings: the default site's two, none yet at the new one.
    expect(anonymous.body.detail[0]).toEqual(expect.objectContaining({ id: 'default', slug: 'default', courts: 2 }));
    expect(anonymous.body.detail).toContainEqual({
      id: 'vl-north',
      name: 'Владивосток, Север',
      slug: 'vl-north',
      timezone: 'Asia/Vladivostok',
      courts: 0,
    });

    const [player] = await signedInPlayers(api, 1);
    const before = await player!.client.get('/api/profile/');
    expect(before.body.detail.site.id).toBe('default');

    const chosen = await player!.client.post('/api/site/', { site_id: 'vl-north' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.detail).toEqual(expect.objectContaining({ id: 'vl-north', timezone: 'Asia/Vladivostok' }));
    const after = await player!.client.get('/api/profile/');
    expect(after.body.detail.site).toEqual(expect.objectContaining({ id: 'vl-north', name: 'Владивосток, Север' }));
    const [row] = await api.db.query(`SELECT current_site_id FROM users WHERE id = $1`, [player!.id]);
    expect(row.current_site_id).toBe('vl-north');
  });

  it('refuses an unknown site, a missing one, a call without the CSRF header and an anonymous one', async () => {
    const [player] = await signedInPlayers(api, 1);
    const unknown = await player!.client.post('/api/site/', { site_id: 'nowhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(messages.siteNotFound);
    const missing = await player!.client.post('/api/site/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Выберите площадку');
    expect((await player!.client.post('/api/site/', { site_id: 'default' }, { csrf: false })).status).toBe(403);
    expect((await api.client().post('/api/site/', { site_id: 'default' })).status).toBe(401);
  });
});

describe('the sites resource', () => {
  it('lets an owner create a site with two courts, shelves and the spec rules, and edit it', async () => {
    const [owner] = await signedInPlayers(api, 1, { role: 'owner' });
    const created = await owner!.client.post('/api/admin/sites', {
      name: 'Калининград',
      slug: 'kgd',
      timezone: 'Europe/Kaliningrad',
      address: 'ул. Театральная, 30',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ id: 'kgd', slug: 'kgd', online: false, has_agent_token: false, agent_version: null }),
    );
    const courts = await api.db.query<{ name: string }[]>(
      `SELECT name FROM courts WHERE site_id = 'kgd' ORDER BY sort_order`,
    );
    expect(courts.map((court) => court.name)).toEqual(['Корт 1', 'Корт 2']);
    const shelves = await api.db.query<{ id: number; kind: string }[]>(
      `SELECT id, kind FROM shelves WHERE site_id = 'kgd' ORDER BY id`,
    );
    expect(shelves.map((shelf) => `${shelf.id}:${shelf.kind}`).join(' ')).toBe(
      '1:shelf 2:shelf 3:shelf 4:shelf 5:shelf 6:shelf 7:shelf 8:shelf 9:shelf 10:equipment 11:equipment',
    );
    const [row] = await api.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM settings WHERE site_id = 'kgd'`,
    );
    expect(row?.count).toBeGreaterThan(5);

    const duplicate = await owner!.client.post('/api/admin/sites', { name: 'Ещё', slug: 'KGD', timezone: 'UTC' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe(messages.siteSlugTaken);
    const badZone = await owner!.client.post('/api/admin/sites', { name: 'Марс', slug: 'mars', timezone: 'Mars/Base' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.detail).toMatch(/Часовой пояс/);

    const edited = await owner!.client.put('/api/admin/sites/kgd', { name: 'Калининград, центр' });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Калининград, центр');
    const listed = await api.client().get('/api/sites/');
    expect(listed.body.detail).toContainEqual(expect.objectContaining({ id: 'kgd', name: 'Калининград, центр' }));
  });

  it('refuses a site name that reads as nothing and an address hiding a direction override; nothing is made', async () => {
    const [owner] = await signedInPlayers(api, 1, { role: 'owner' });
    const site = { slug: 'ghost', timezone: 'Europe/Moscow' };
    for (const name of ['\u200b\u200b', '\u3164', '\u2800 \u2800']) {
      const refused = await owner!.client.post('/api/admin/sites', { ...site, name });
      expect([refused.status, refused.body.detail]).toEqual([400, 'Укажите название площадки']);
    }
    const hidden = await owner!.client.post('/api/admin/sites', { ...site, name: 'Приз\u200bрак' });
    expect([hidden.status, hidden.body.detail]).toEqual([400, messages.siteNameUnsafe]);
    const address = await owner!.client.post('/api/admin/sites', {
      ...site,
      name: 'Призрак',
      address: 'ул. \u202eанинеЛ',
    });
    expect([address.status, address.body.detail]).toEqual([400, messages.siteAddressUnsafe]);
    const [row] = await api.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM sites WHERE id = 'ghost'`,
    );
    expect(row?.count).toBe(0);
    const renamed = await owner!.client.put('/api/admin/sites/default', { name: '\u3164' });
    expect([renamed.status, renamed.body.detail]).toEqual([400, 'Укажите название площадки']);
  });

  it('shows an admin only the sites they run and keeps creating, editing and tokens to owners', async () => {
    await api.db.query(
      `INSERT INTO sites (id, name, slug, timezone) VALUES ('admin-a', 'А', 'admin-a', 'Europe/Moscow'),
         ('admin-b', 'Б', 'admin-b', 'Europe/Moscow')`,
    );
    const [admin] = await signedInPlayers(api, 1, { role: 'admin' });
    await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('admin-a', $1)`, [admin!.id]);
    await waitFor(async () => (await admin!.client.get('/api/admin/sites')).body.length === 1);
    const list = await admin!.client.get('/api/admin/sites');
    expect((list.body as { id: string }[]).map((site) => site.id)).toEqual(['admin-a']);
    expect(list.headers['content-range']).toBe('sites 0-0/1');
    expect((await admin!.client.get('/api/admin/sites/admin-b')).status).toBe(404);
    expect((await admin!.client.get('/api/admin/courts?site_id=admin-b')).status).toBe(403);
    const create = await admin!.client.post('/api/admin/sites', { name: 'В', slug: 'admin-c', timezone: 'UTC' });
    expect(create.status).toBe(403);
    expect(create.body.detail).toBe(messages.siteOwnersOnly);
    expect((await admin!.client.put('/api/admin/sites/admin-a', { name: 'А2' })).status).toBe(403);
    expect((await admin!.client.post('/api/admin/sites/admin-a/agent-token')).status).toBe(403);
  });

  it('issues an agent token once: the agent connects with it, and a new token retires the old one', async () => {
    await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ('tok', 'Токен', 'tok', 'Europe/Moscow')`);
    const [owner] = await signedInPlayers(api, 1, { role: 'owner' });
    const issued = await owner!.client.post('/api/admin/sites/tok/agent-token');
    expect(issued.status).toBe(200);
    expect(issued.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const record = await owner!.client.get('/api/admin/sites/tok');
    expect(record.body.has_agent_token).toBe(true);
    expect(JSON.stringify(record.body)).not.toContain(issued.body.token);

    const agent = await realAgent(base(), { SITE_ID: 'tok', EDGE_AGENT_TOKEN: issued.body.token });
    try {
      await waitFor(() => agent.connected());
      await waitFor(async () => (await owner!.client.get('/api/admin/sites/tok')).body.online === true);
    } finally {
      await agent.stop();
    }
    const again = await owner!.client.post('/api/admin/sites/tok/agent-token');
    expect(again.body.token).not.toBe(issued.body.token);
    const stale = await realAgent(base(), { SITE_ID: 'tok', EDGE_AGENT_TOKEN: issued.body.token });
    try {
      // The old token is refused: the agent keeps trying and never connects, while the new one does.
      const fresh = await realAgent(base(), { SITE_ID: 'tok', EDGE_AGENT_TOKEN: again.body.token });
      try {
        await waitFor(() => fresh.connected());
        expect(stale.connected()).toBe(false);
      } finally {
        await fresh.stop();
      }
    } finally {
      await stale.stop();
    }
  });
});
