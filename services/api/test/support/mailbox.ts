/** Reads what the API really sent, from the run's MailDev (REST API). */
interface Mail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

const base = (): string => {
  const url = process.env.MAILDEV_URL;
  if (!url) throw new Error('MAILDEV_URL is not set: run the tests through jest (global setup)');
  return url;
};

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${base()}/api/email?to.address=${encodeURIComponent(address)}&sort=asc`);
  return (await response.json()) as Mail[];
}

/** Waits for the next letter to `address`, returns it and removes it from the inbox. */
export async function nextMail(address: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await mailsTo(address);
    if (mail) {
      await fetch(`${base()}/api/email/${mail.id}`, { method: 'DELETE' });
      return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The 4-digit code of the next letter to `address`. */
export async function nextCode(address: string): Promise<string> {
  const mail = await nextMail(address);
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the letter "${mail.subject}"`);
  return code;
}
