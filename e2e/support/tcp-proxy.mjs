// A TCP proxy the test controls: the club's internet link between the edge agent and the API.
// `cut()` resets every connection through it and refuses new ones until `restore()`, as a dropped
// uplink does to a Pi's connection; nothing in the agent or the API knows it is a test.
import net from 'node:net';

export async function startTcpProxy(targetPort, targetHost = '127.0.0.1') {
  const open = new Set();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => undefined); // a reset is what a cut looks like
      socket.on('close', () => {
        open.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    get isCut() {
      return cut;
    },
    /** Drops the link: every connection reset, new ones refused. */
    cut() {
      cut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      cut = false;
    },
    close() {
      cut = true;
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
