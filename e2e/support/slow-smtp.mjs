// A mail server of the test's own that takes its time, as an overloaded or distant one does: it
// greets each connection only after `greetingDelayMs`. Speaks just the SMTP that nodemailer uses
// without TLS or login (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps every letter.
import net from 'node:net';

export async function startSlowSmtp({ greetingDelayMs }) {
  const letters = [];
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const reply = (line) => socket.writable && socket.write(`${line}\r\n`);
    let buffer = '';
    let envelope = { to: [] };
    let data = null; // the letter's lines while in DATA
    const greeting = setTimeout(() => reply('220 slow.test ESMTP'), greetingDelayMs);
    socket.on('close', () => clearTimeout(greeting));
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (data) {
          if (line === '.') {
            letters.push({ ...envelope, raw: data.join('\r\n'), at: Date.now() });
            envelope = { to: [] };
            data = null;
            reply('250 2.0.0 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-slow.test\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RSET') {
          envelope = { to: [] };
          reply('250 OK');
        } else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    letters,
    /** The letters to `address` received so far. */
    lettersTo: (address) => letters.filter((letter) => letter.to.includes(address)),
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
