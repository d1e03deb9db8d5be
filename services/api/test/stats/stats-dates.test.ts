import type { TestApp } from '../support/test-app';
import { startAdminApp, type AdminSession } from '../admin/admin-support';

// Dates PostgreSQL cannot hold (year 0, before Christ, five digits), days that do not exist, and
// days outside the years a club's figures can have (2000-2099): on every report, as JSON and as
// CSV, a 400 with the reason in Russian, never a 500.

const REPORTS = ['occupancy', 'courts', 'demand', 'no-shows', 'devices'];
const FORMATS = ['json', 'csv'];
const outOfRange = (field: 'начала' | 'конца') => `Дата ${field} периода должна быть с 2000-01-01 по 2099-12-31`;
const notADate = (field: 'начала' | 'конца') => `Дата ${field} периода должна быть в виде ГГГГ-ММ-ДД`;

let api: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  ({ api, admin } = await startAdminApp());
}, 60_000);
afterAll(() => api?.close());

/** Every report in both formats: [report, format, status, detail]. */
async function everyReport(query: string) {
  const answers: [string, string, number, string | undefined][] = [];
  for (const report of REPORTS) {
    for (const format of FORMATS) {
      const response = await admin.client.get(`/api/admin/stats/${report}?${query}&format=${format}`, { csrf: false });
      answers.push([report, format, response.status, (response.body as { detail?: string }).detail]);
    }
  }
  return answers;
}

test.each([
  ['from=0000-01-01&to=0000-01-31', outOfRange('начала')],
  ['from=2027-01-01&to=99999-01-01', notADate('конца')],
  ['from=-0001-01-01&to=2027-01-01', notADate('начала')],
  ['from=2026-02-30&to=2026-03-01', notADate('начала')],
  ['from=2026-02-01&to=2026-02-30', notADate('конца')],
  ['from=0001-01-01&to=0001-01-31', outOfRange('начала')],
  ['from=1999-12-31&to=2000-01-01', outOfRange('начала')],
  ['from=2099-12-31&to=2100-01-01', outOfRange('конца')],
  ['from=9999-12-01&to=9999-12-31', outOfRange('начала')],
])('%s is a 400 saying why on every report, JSON and CSV', async (query, detail) => {
  const answers = await everyReport(query);
  expect(answers).toEqual(REPORTS.flatMap((report) => FORMATS.map((format) => [report, format, 400, detail] as const)));
});

test.each([['from=2000-01-01&to=2000-01-31'], ['from=2099-12-01&to=2099-12-31']])(
  'the first and the last month of the range are counted: %s',
  async (query) => {
    const answers = await everyReport(query);
    expect(answers.map(([report, format, status]) => [report, format, status])).toEqual(
      REPORTS.flatMap((report) => FORMATS.map((format) => [report, format, 200])),
    );
  },
);
