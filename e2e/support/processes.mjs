// What is still running, read from /proc: the fault tests check that a crash and the cleanup after
// it leave no process behind (a replica's orphan, an nginx worker, a Redis or PostgreSQL server).
import { readFileSync, readdirSync } from 'node:fs';

/** pid → [parent pid, state letter] of every process on the machine (zombies included). */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), [Number(ppid), state]);
    } catch {
      // exited while we looked
    }
  }
  return table;
}

/** The given processes and all their descendants. */
export function withDescendants(pids) {
  const table = processTable();
  const found = new Set(pids.filter((pid) => table.has(pid)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, [ppid]] of table) {
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Those of `pids` that still exist, as `pid state command` lines (a zombie counts: nobody reaped it). */
export function stillRunning(pids) {
  const table = processTable();
  return pids
    .filter((pid) => table.has(pid))
    .map((pid) => {
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {
        // gone meanwhile
      }
      return `${pid} ${table.get(pid)[1]} ${command}`;
    });
}
