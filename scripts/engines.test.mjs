// The Node.js floor is a decision, not an accident: package.json's `engines` names the oldest
// Node.js the product supports, every installed package must accept it, and the Docker images
// must run a Node.js at or above it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import semver from 'semver';

const root = new URL('..', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const floor = semver.minVersion(JSON.parse(read('package.json')).engines.node);

test('every installed package accepts the Node.js floor', () => {
  const { packages } = JSON.parse(read('package-lock.json'));
  const refusing = Object.entries(packages)
    .filter(([path, entry]) => path && entry.engines?.node && !semver.satisfies(floor, entry.engines.node))
    .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines.node}`);
  assert.deepEqual(refusing, [], `the floor is ${floor}`);
});

test('the Docker images run a Node.js line at or above the floor', () => {
  for (const file of ['services/api/Dockerfile', 'edge-agent/Dockerfile']) {
    const majors = [...read(file).matchAll(/^FROM node:(\d+)/gm)].map((match) => Number(match[1]));
    assert.ok(majors.length > 0, `${file} starts from a node image`);
    // A line's image is its newest release, so its major at or above the floor's is enough.
    for (const major of majors) assert.ok(major >= floor.major, `${file}: node:${major} is below ${floor}`);
  }
});
