import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { Client } from './client';
import { nextCode } from './mailbox';

export const PASSWORD = 'Корт-2026-Pass';

export function uniqueEmail(label = 'player'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers and activates an account through the real calls; the client ends up signed in. */
export async function registerPlayer(
  client: Client,
  { email = uniqueEmail(), name = 'Игрок', password = PASSWORD } = {},
): Promise<{ email: string; password: string }> {
  const registered = await client.post('/api/register/', {
    email,
    phone_number: '+79990001122',
    name_user: name,
    password1: password,
    password2: password,
  });
  expect(registered.status).toBe(200);
  const activated = await client.post('/api/activate/', { email, code: await nextCode(email) });
  expect(activated.status).toBe(200);
  return { email, password };
}
