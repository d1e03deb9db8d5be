import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** fsync of a directory, so a rename or a new file in it survives a power cut. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Temp file + fsync + rename + directory fsync: after a power cut the file holds the old content or
 * the new one, never half of each. Readable by the agent's user only (the files hold PIN verifiers
 * and what the door did).
 */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(dirname(file));
}
