/**
 * Keeps the API's JSON log lines (pino writes them to stdout) in `lines`, off the test output, for
 * the checks of what is logged and what never is. Undone by jest.restoreAllMocks().
 */
export function captureLogLines(lines: string[]): void {
  const write = process.stdout.write.bind(process.stdout);
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (!text.startsWith('{"level"')) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    lines.push(text);
    const done = rest.at(-1);
    if (typeof done === 'function') process.nextTick(done);
    return true;
  });
}
