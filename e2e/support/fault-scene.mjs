// The scene every fault test (e2e/faults-*.test.mjs) sets the same way: a dependency of its own to
// break (a Redis, a PostgreSQL cluster, a slow mail server), the product scaled out on it (two
// replicas behind nginx and the simulated agent), the people who use it, and the cleanup — the
// dependency started again if the test failed while it was down, then everything stopped, with
// the product's output printed when the file failed.
import { after, before } from 'node:test';
import { signedInPlayers } from './faults.mjs';
import { signedInAdmin, startScaledProduct } from './scale-out.mjs';

/**
 * Registers the file's before/after hooks and returns the scene they fill:
 * `{ product, dependency, admin, players }`.
 * - `dependency`: `{ name, start: () => Promise<server> }`, the server having `stop()`, and
 *   `start()` and `running()` when it can be brought back;
 * - `product(dependency)`: startScaledProduct's options (its URLs pointing at the dependency);
 * - `admin`: sign in an admin; `players`: how many signed-in players;
 * - `ready(scene)`: the file's own setup once the scene stands. It is run here, in the same hook,
 *   because Node 20 starts a file's top-level `before` hooks together rather than one by one.
 */
export function useFaultScene({ dependency, product = () => ({}), admin = false, players = 0, ready } = {}) {
  const scene = { product: undefined, dependency: undefined, admin: undefined, players: [] };
  before(async () => {
    if (dependency) scene.dependency = await dependency.start();
    scene.product = await startScaledProduct(product(scene.dependency));
    if (admin) scene.admin = await signedInAdmin(scene.product);
    if (players) scene.players = await signedInPlayers(scene.product, players);
    await ready?.(scene);
  });
  after(async () => {
    const server = scene.dependency;
    if (process.exitCode && scene.product) {
      const own = server?.output ? `\n--- ${dependency.name}\n${server.output()}` : '';
      console.error(`${scene.product.output()}${own}`);
    }
    // Back if the test failed while it was down: the replicas then stop as quickly as usual, and
    // the product's database can be dropped.
    if (server?.running && !server.running()) await server.start().catch(() => undefined);
    await scene.product?.stop().catch((error) => console.error(`cleanup: ${error}`));
    await server?.stop();
  });
  return scene;
}
