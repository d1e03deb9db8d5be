/**
 * At most `size` pieces of work at once, the others waiting their turn in arrival order. A storm of
 * agents reconnecting to a replica queues here instead of taking every database connection and the
 * whole event loop: the players' requests keep their share.
 */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
