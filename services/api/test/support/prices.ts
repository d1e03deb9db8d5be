import type { Client } from './client';

/**
 * Every price of the admin's site deleted through the dashboard's own call: the API drops its price
 * cache as it answers. A DELETE in SQL would reach that cache only with PostgreSQL's notice, a moment
 * later, and an order placed at once could still be priced.
 */
export async function noPrices(admin: Client): Promise<void> {
  const listed = await admin.get('/api/admin/prices');
  expect(listed.status).toBe(200);
  for (const { id } of listed.body as { id: number }[]) {
    expect((await admin.delete(`/api/admin/prices/${id}`)).status).toBe(200);
  }
}

/** One price for every hour of every day (rubles as the dashboard sends them), the only one. */
export async function priceEveryHour(admin: Client, amount = '1500'): Promise<void> {
  await noPrices(admin);
  const made = await admin.post('/api/admin/prices', {
    name: 'Весь день',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 6,
    to_hour: 24,
    amount,
  });
  expect(made.status).toBe(201);
}
