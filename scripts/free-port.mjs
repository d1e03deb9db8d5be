import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Ports for test and benchmark servers, chosen so that two of our processes running at once (e2e
// files side by side, jest workers) never get the same one, and no outgoing connection takes it
// before the server listens:
// - below the kernel's ephemeral range (ip_local_port_range), which the kernel hands to outgoing
//   connections and to listen(0); a port handed out and closed again is fair game there;
// - claimed in a file of our own (tmpdir/kort-ports/<port>, holding the claimer's pid) that a
//   second process cannot create again while the first one lives.

const CLAIMS = join(tmpdir(), 'kort-ports');
const claimed = new Set();
process.once('exit', () => {
  for (const file of claimed) rmSync(file, { force: true });
});

/** The ports below the kernel's ephemeral range (10000 up to it; 10000-32767 when it cannot be read). */
function range() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 11_000) return { from: 10_000, to: low - 1 };
  } catch {
    // not Linux: the usual range starts at 32768 (49152 on macOS and Windows)
  }
  return { from: 10_000, to: 32_767 };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Claims the port for this process; false when another live process holds it. */
function claim(port) {
  mkdirSync(CLAIMS, { recursive: true });
  const file = join(CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      claimed.add(file);
      return true;
    } catch {
      const owner = Number(readFileSync(file, 'utf8') || 0);
      if (owner === process.pid || (owner > 0 && alive(owner))) return false;
      rmSync(file, { force: true }); // its process is gone: the claim is stale
    }
  }
  return false;
}

/** Whether a server can listen on the port on 127.0.0.1 right now. */
function listenable(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port nobody listens on, claimed for this process (for test and benchmark servers). */
export async function freePort() {
  const { from, to } = range();
  for (let tries = 0; tries < 1000; tries += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (!claim(port)) continue;
    if (await listenable(port)) return port;
  }
  throw new Error(`No free port between ${from} and ${to} after 1000 tries`);
}
