import request from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER, FleetError, fleetMessages, messages } from '@kort/contracts';
import { agentTokenHash } from '@kort/contracts/schedule-crypto';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { builtBundle, type Bundle, cleanUp, releaseKey, type ReleaseKey, smallBundle, tampered } from './release-kit';

// An owner uploads the bundle `npm run agent:release` built: the API keeps it only if its manifest
// is signed by AGENT_UPDATE_PUBLIC_KEY and every file is the one the manifest lists; the dashboard
// then sees the release. A site's agent downloads it with its own token, and resumes a cut download.

const SITE = 'north';
const TOKEN = 'north-agent-token-0123456789abcdef';
let api: TestApp;
let key: ReleaseKey;
let real: Bundle;
let owner: Client;
let siteAdmin: Client;

beforeAll(async () => {
  key = releaseKey();
  // The real builder's bundle (the agent's dist/, a few seconds), built while the API starts.
  const building = builtBundle(key, '1.1.0');
  api = await startTestApp({ AGENT_UPDATE_PUBLIC_KEY: key.publicKey });
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ($1, 'Север', $1, 'Asia/Vladivostok', $2)`,
    [SITE, agentTokenHash(TOKEN)],
  );
  const [first] = await signedInPlayers(api, 1, { role: 'owner' });
  owner = first!.client;
  const [admin] = await signedInPlayers(api, 1, { role: 'admin' });
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('default', $1)`, [admin!.id]);
  siteAdmin = admin!.client;
  real = await building;
}, 60_000);
afterAll(async () => {
  await api?.close();
  cleanUp();
});

/** The dashboard's upload: the bundle's bytes as the body, with the session and (unless told) the CSRF header. */
async function upload(client: Client, bytes: Buffer, { csrf = true, base = api } = {}) {
  if (!client.cookies.has(CSRF_COOKIE)) await client.get('/api/give_rules/');
  let call = request(base.server)
    .post('/api/admin/agent-releases')
    .set('Cookie', [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    .set('Content-Type', 'application/gzip');
  if (csrf) call = call.set(CSRF_HEADER, client.cookies.get(CSRF_COOKIE) ?? '');
  return call.send(bytes);
}

const download = (version: string, headers: Record<string, string>) => {
  let call = request(api.server)
    .get(`/api/edge/releases/${version}`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  return call;
};
const asAgent = { Authorization: `Bearer ${TOKEN}`, 'X-Kort-Site': SITE };

describe('upload', () => {
  test("the real builder's bundle is kept and listed; the same version again is a conflict", async () => {
    const kept = await upload(owner, real.bytes);
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({
      id: '1.1.0',
      version: '1.1.0',
      min_api_version: '0.1.0',
      platforms: [`${process.platform}-${process.arch}`],
      size: real.bytes.length,
      sha256: real.sha256,
      uploaded_by: 'Игрок',
      rollout: null,
    });
    // The dashboard's list and show.
    const list = await owner.get('/api/admin/agent-releases');
    expect(list.body).toEqual([expect.objectContaining({ version: '1.1.0', sha256: real.sha256 })]);
    expect(list.headers['x-total-count']).toBe('1');
    const shown = await owner.get('/api/admin/agent-releases/1.1.0');
    expect(shown.status).toBe(200);
    expect(shown.body.sites).toEqual(
      expect.arrayContaining([expect.objectContaining({ site_id: SITE, target: null, state: 'current' })]),
    );

    const again = await upload(owner, real.bytes);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: FleetError.ReleaseExists, detail: fleetMessages.releaseExists });
  });

  test('a bundle signed by another key is refused (bundle_unsigned), and nothing is kept', async () => {
    const stranger = releaseKey();
    const refused = await upload(owner, (await smallBundle(stranger, '1.2.0')).bytes);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: FleetError.BundleUnsigned, detail: fleetMessages.bundleUnsigned });
    expect((await owner.get('/api/admin/agent-releases/1.2.0')).status).toBe(404);
  });

  test('a file changed after signing is refused, naming the file', async () => {
    const good = await smallBundle(key, '1.5.0');
    const changed = await tampered(good, 'dist/cli.js', (text) => `${text}process.exit(0);\n`);
    expect(changed.sha256).not.toBe(good.sha256);
    const refused = await upload(owner, changed.bytes);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(FleetError.BundleUnsigned);
    expect(refused.body.detail).toContain('dist/cli.js');
    expect((await owner.get('/api/admin/agent-releases/1.5.0')).status).toBe(404);
    // The bundle as signed is taken.
    expect((await upload(owner, good.bytes)).status).toBe(201);
  });

  test('what is not a bundle is refused (bundle_invalid): not gzip, not a tar, an empty body', async () => {
    const gzipOfText = (await import('node:zlib')).gzipSync(Buffer.from('not a tar at all'));
    for (const bytes of [Buffer.from('{"version":"9.9.9"}'), gzipOfText, Buffer.alloc(0)]) {
      const refused = await upload(owner, bytes);
      expect({ status: refused.status, code: refused.body.code }).toEqual({
        status: 422,
        code: FleetError.BundleInvalid,
      });
    }
  });

  test('an install without AGENT_UPDATE_PUBLIC_KEY takes no bundle (409)', async () => {
    const keyless = await startTestApp({ DATABASE_URL: api.config.databaseUrl });
    try {
      const [someone] = await signedInPlayers(keyless, 1, { role: 'owner' });
      const refused = await upload(someone!.client, (await smallBundle(key, '1.3.0')).bytes, { base: keyless });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: FleetError.UpdatesOff, detail: fleetMessages.updatesOff });
    } finally {
      await keyless.close();
    }
  });

  test("a site's admin may not upload (owners only), and nobody without the CSRF header", async () => {
    const bundle = await smallBundle(key, '1.4.0');
    const byAdmin = await upload(siteAdmin, bundle.bytes);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.detail).toBe(messages.siteOwnersOnly);
    const noHeader = await upload(owner, bundle.bytes, { csrf: false });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.detail).toBe(messages.csrfFailed);
    expect((await owner.get('/api/admin/agent-releases/1.4.0')).status).toBe(404);
  });
});

describe('download', () => {
  beforeAll(async () => {
    // Kept by the first upload test, or uploaded here when this block runs alone.
    if ((await owner.get('/api/admin/agent-releases/1.1.0')).status === 404) await upload(owner, real.bytes);
  });

  test("with the site's token: the exact bytes; from byte N on with Range: the rest (206)", async () => {
    const whole = await download('1.1.0', asAgent);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/gzip');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, real.bytes)).toBe(0);

    const from = 1000;
    const rest = await download('1.1.0', { ...asAgent, Range: `bytes=${from}-` });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${from}-${real.bytes.length - 1}/${real.bytes.length}`);
    expect(Buffer.compare(rest.body as Buffer, real.bytes.subarray(from))).toBe(0);

    const past = await download('1.1.0', { ...asAgent, Range: `bytes=${real.bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${real.bytes.length}`);
  });

  test('a wrong token, another site named, or no token: 401 and no byte of the bundle', async () => {
    const tries: Record<string, string>[] = [
      { Authorization: 'Bearer not-the-token-0123456789', 'X-Kort-Site': SITE },
      { Authorization: `Bearer ${TOKEN}`, 'X-Kort-Site': 'default' },
      { 'X-Kort-Site': SITE },
    ];
    for (const headers of tries) {
      const refused = await download('1.1.0', headers);
      expect(refused.status).toBe(401);
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toMatchObject({
        code: FleetError.AgentRefused,
        detail: fleetMessages.agentRefused,
      });
    }
  });

  test('a version the API does not have: 404', async () => {
    for (const version of ['9.9.9', 'not-a-version']) {
      const missing = await download(version, asAgent);
      expect(missing.status).toBe(404);
      expect(JSON.parse((missing.body as Buffer).toString('utf8')).code).toBe(FleetError.ReleaseNotFound);
    }
  });
});
