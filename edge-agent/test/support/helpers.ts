import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CommandAction, type EdgeCommand, type RelayId } from '@kort/contracts';
import { createJsonLogger, type Logger } from '../../src/logger';

/** A fresh folder under the run's temp folder (removed after the run: test/global-teardown.mjs). */
export const tempDir = (prefix = 'kort-agent-') => mkdtempSync(join(process.env.KORT_TEST_TMP ?? tmpdir(), prefix));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the check passes (or throws its last failure after the timeout). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await sleep(20);
    }
  }
}

export function command(
  action: CommandAction,
  device: RelayId | null = null,
  extra: Partial<EdgeCommand> = {},
): EdgeCommand {
  return { id: randomUUID(), action, device, deadline: Date.now() + 10_000, params: {}, ...extra };
}

/** A logger that keeps its JSON lines, so tests can read what an operator would see. */
export function capturingLogger(): Logger & { lines: string[]; entries(): Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = createJsonLogger('debug', (line) => lines.push(line));
  return { ...logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
