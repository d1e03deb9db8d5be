#!/usr/bin/env node
// `npm run agent:keys [-- --out DIR]`: an Ed25519 pair for signing agent releases
// (docs/decisions/0101-agent-bundle.md). The private key (agent-update.key, mode 0600) stays with
// whoever builds releases, never on the API; the public key goes to every agent and to the API as
// AGENT_UPDATE_PUBLIC_KEY (one line: the base64 of its DER).
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string', default: '.' }, force: { type: 'boolean' } } });
const dir = resolve(values.out);
const privateFile = join(dir, 'agent-update.key');
if (existsSync(privateFile) && !values.force) {
  process.stderr.write(
    `agent:keys: ${privateFile} exists; a new pair would orphan every agent that trusts it (--force to replace)\n`,
  );
  process.exit(1);
}
mkdirSync(dir, { recursive: true });
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
const line = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
writeFileSync(join(dir, 'agent-update.pub'), `${line}\n`);
process.stdout.write(
  `private key: ${privateFile} (keep it off the API; agent:release --key uses it)\n` +
    `public key:  ${join(dir, 'agent-update.pub')}\n\nAGENT_UPDATE_PUBLIC_KEY=${line}\n`,
);
