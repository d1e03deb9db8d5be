import { writeFileSync } from 'node:fs';
import { type AgentAlarm } from '@kort/contracts';
import { alarmEvents, simulateAlarm, startHardwareAgent } from './support/alarm-requests';
import { eventually } from './support/helpers';
import { kinds, OFFLINE_AFTER_MS, screenState, useEdgeServer } from './support/test-agent';

const edge = useEdgeServer();

const alarmsOf = async (agent: Parameters<typeof screenState>[0]) =>
  ((await screenState(agent)) as unknown as { alarms: AgentAlarm[] }).alarms;

test('a simulated agent: the door screen has the debug panel, and each alarm is raised and cleared once, up to the API', async () => {
  const { agent } = await edge.start();
  await eventually(() => expect(agent.connected()).toBe(true));
  const page = await (await fetch(agent.display.url)).text();
  expect(page).toContain('Отладка: тревоги');
  expect(page).toContain('<button type="button" data-alarm="door.forced" data-on="1">Поднять</button>');

  const cases: [AgentAlarm, string, number | undefined][] = [
    ['door.forced', 'Дверь открыта без команды', undefined],
    ['tamper', 'Вскрытие корпуса', undefined],
    ['pi.temperature', 'Перегрев Raspberry Pi', 85],
    ['pi.disk', 'Диск Raspberry Pi заполнен', 95],
    ['pi.clock', 'Часы Raspberry Pi расходятся', 45],
  ];
  for (const [alarm, title] of cases) {
    expect(await simulateAlarm(agent, { alarm, on: true })).toEqual({
      status: 200,
      body: { alarm, on: true, raised: true, detail: `Тревога «${title}» поднята` },
    });
    // Pressed twice: the condition holds, the alarm is not raised again.
    expect((await simulateAlarm(agent, { alarm, on: true })).body).toMatchObject({ raised: true });
    expect(await alarmsOf(agent)).toEqual([alarm]);
    expect(await simulateAlarm(agent, { alarm, on: false })).toEqual({
      status: 200,
      body: { alarm, on: false, raised: false, detail: `Тревога «${title}» снята` },
    });
  }
  const expected = cases.flatMap(([alarm, , value]) => [
    { kind: 'alarm.raised', alarm, value, offline: false },
    { kind: 'alarm.cleared', alarm, value: undefined, offline: false },
  ]);
  await eventually(() => expect(alarmEvents(edge.server.storedEvents)).toEqual(expected));
  expect(await alarmsOf(agent)).toEqual([]);
});

test('door.held-open: the simulated door left open after an exit press; raised after DOOR_HELD_OPEN_S, never forced', async () => {
  const { agent } = await edge.start({ DOOR_HELD_OPEN_S: '1' });
  await eventually(() => expect(agent.connected()).toBe(true));
  expect((await simulateAlarm(agent, { alarm: 'door.held-open', on: true })).body).toEqual({
    alarm: 'door.held-open',
    on: true,
    raised: false,
    afterS: 1,
    detail: 'Дверь открыта: тревога «Дверь не закрыта» через 1 с',
  });
  await eventually(async () => expect(await alarmsOf(agent)).toEqual(['door.held-open']));
  expect((await simulateAlarm(agent, { alarm: 'door.held-open', on: false })).body).toMatchObject({ raised: false });
  await eventually(() =>
    expect(alarmEvents(edge.server.storedEvents)).toEqual([
      { kind: 'alarm.raised', alarm: 'door.held-open', value: 1, offline: false },
      { kind: 'alarm.cleared', alarm: 'door.held-open', value: undefined, offline: false },
    ]),
  );
  // The command log's line of the same opening is there too.
  expect(kinds(edge.server.storedEvents)).toContain('door.held-open');
});

test('raised while offline: `offline: true`, kept through the outage, uploaded once when the link is back', async () => {
  edge.server.setLink('down');
  const { agent } = await edge.start();
  await eventually(async () => expect((await screenState(agent)).offline).toBe(true), OFFLINE_AFTER_MS + 3000);
  expect((await simulateAlarm(agent, { alarm: 'tamper', on: true })).body).toMatchObject({ raised: true });
  expect(alarmEvents(agent.outbox.pending)).toEqual([
    { kind: 'alarm.raised', alarm: 'tamper', value: undefined, offline: true },
  ]);

  edge.server.setLink('up');
  await eventually(() =>
    expect(alarmEvents(edge.server.storedEvents)).toEqual([
      { kind: 'alarm.raised', alarm: 'tamper', value: undefined, offline: true },
    ]),
  );
  await eventually(() => expect(agent.outbox.pending).toEqual([]));
  const sent = edge.server.outboxBatches.flat().filter((event) => event.kind === 'alarm.raised');
  expect(sent).toHaveLength(1);
});

test('the debug endpoint takes JSON {alarm, on} only, small', async () => {
  const { agent } = await edge.start();
  const malformed = 'Ожидается JSON {"alarm": "<тревога>", "on": true | false}';
  expect(await simulateAlarm(agent, { alarm: 'door.stolen', on: true })).toEqual({
    status: 400,
    body: { detail: malformed },
  });
  expect(await simulateAlarm(agent, 'alarm=tamper&on=1', 'application/x-www-form-urlencoded')).toEqual({
    status: 400,
    body: { detail: malformed },
  });
  expect((await simulateAlarm(agent, { alarm: 'tamper', on: true, pad: 'x'.repeat(2000) })).status).toBe(413);
  expect((await fetch(new URL('debug/alarm', agent.display.url))).status).toBe(405);
  expect(await alarmsOf(agent)).toEqual([]);
});

test('on real hardware there is no debug panel and /debug/alarm is 404; THERMAL_FILE raises pi.temperature', async () => {
  const { agent, thermalFile } = await startHardwareAgent(edge.server);
  try {
    const page = await (await fetch(agent.display.url)).text();
    expect(page).not.toContain('Отладка');
    expect(page).not.toContain('data-alarm');
    const refused = await simulateAlarm(agent, { alarm: 'tamper', on: true });
    expect(refused).toEqual({ status: 404, body: 'not found' });
    // (Only the temperature is looked at here: the disk and the clock are this machine's.)
    await eventually(async () => expect(await alarmsOf(agent)).toContain('pi.temperature'));
    writeFileSync(thermalFile, '60000\n');
    await eventually(async () => expect(await alarmsOf(agent)).not.toContain('pi.temperature'));
    const temperature = () => alarmEvents(edge.server.storedEvents).filter((event) => event.alarm === 'pi.temperature');
    await eventually(() =>
      expect(temperature()).toEqual([
        { kind: 'alarm.raised', alarm: 'pi.temperature', value: 85, offline: false },
        { kind: 'alarm.cleared', alarm: 'pi.temperature', value: undefined, offline: false },
      ]),
    );
  } finally {
    await agent.stop();
  }
});
