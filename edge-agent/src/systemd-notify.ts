import { execFile } from 'node:child_process';
import { type Logger } from './logger';

/**
 * Tells systemd (Type=notify) that the agent is up and, with WatchdogSec, that it is still alive.
 * Uses the systemd-notify tool rather than a native sd_notify binding; the unit's NotifyAccess=all
 * lets systemd accept messages from that child process.
 */
export function startSystemdNotify(env: NodeJS.ProcessEnv, logger: Logger): () => void {
  if (!env.NOTIFY_SOCKET) return () => undefined;
  const notify = (...args: string[]) =>
    execFile('systemd-notify', args, (error) => {
      if (error) logger.warn('systemd-notify failed', { args, error });
    });
  notify('--ready');
  const usec = Number(env.WATCHDOG_USEC);
  if (!Number.isFinite(usec) || usec <= 0) return () => undefined;
  // Half the watchdog period, as sd_watchdog_enabled(3) recommends.
  const timer = setInterval(() => notify('WATCHDOG=1'), Math.max(1, Math.floor(usec / 2000)));
  return () => clearInterval(timer);
}
