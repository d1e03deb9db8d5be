// The baseline: a bare NestJS app with one GET handler, no middleware, no database, on Express
// (Kort's platform), or on Fastify with HELLO_ADAPTER=fastify (bench/framework-floor.mjs).
// Decorators are applied by hand so this file runs as plain JavaScript.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class HelloController {
  hello() {
    return { detail: 'hello' };
  }
}
Get('hello')(HelloController.prototype, 'hello', Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'));
Controller('api')(HelloController);

class HelloModule {}
Module({ controllers: [HelloController] })(HelloModule);

async function main() {
  const app =
    process.env.HELLO_ADAPTER === 'fastify'
      ? await NestFactory.create(HelloModule, new (require('@nestjs/platform-fastify').FastifyAdapter)(), {
          logger: false,
        })
      : await NestFactory.create(HelloModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
void main();
