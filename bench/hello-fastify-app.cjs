// The other baseline: the same bare NestJS app as bench/hello-app.cjs (one GET handler, no
// middleware, no database), on @nestjs/platform-fastify instead of Express.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');

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
  const app = await NestFactory.create(HelloModule, new FastifyAdapter(), { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
void main();
