// Removes the run's temp folders (global-setup.mjs made their parent).
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  if (process.env.KORT_TEST_TMP) rmSync(process.env.KORT_TEST_TMP, { recursive: true, force: true });
}
