import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';

function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const app = await createApp({ config });
  await app.listen(config.port);
}

void main();
