// Starts MailDev in this process: SMTP for the API, a web inbox and REST API for people and tests.
import { MailDev } from 'maildev';

/** @returns {Promise<{ smtpPort: number, webPort: number, stop: () => Promise<void> }>} */
export async function startMailDev({ smtpPort = 1025, webPort = 1080, host = '127.0.0.1' } = {}) {
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: host, webIp: host, silent: true, maxEmails: 500 });
  const servers = await maildev.start();
  const actualSmtp = servers.smtp.server?.address?.()?.port ?? smtpPort;
  return { smtpPort: actualSmtp, webPort, stop: () => maildev.stop() };
}
