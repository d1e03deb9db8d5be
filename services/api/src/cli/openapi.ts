import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { openApiDocument } from '../openapi';

/**
 * `node dist/cli/openapi.js`: prints the OpenAPI document as /api/docs-json serves it, without a
 * database or Redis (Nest's preview mode reads the modules and instantiates nothing).
 */
async function main(): Promise<void> {
  const app = await NestFactory.create(
    AppModule.forRoot({ config: loadConfig({ NODE_ENV: 'development' }) }),
    new FastifyAdapter(),
    {
      preview: true,
      logger: false,
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  process.stdout.write(`${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenAPI document failed: ${String(error)}\n`);
  process.exit(1);
});
