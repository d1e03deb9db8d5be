// Validates an OpenAPI document with swagger-parser (schemas, references, structure):
// `node scripts/validate-openapi.mjs services/api/dist/openapi.json`. Exit 1 with the problems.
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';

const file = process.argv[2];
try {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  await SwaggerParser.validate(document);
  process.stdout.write(`${file}: valid OpenAPI ${document.openapi}\n`);
} catch (error) {
  process.stderr.write(`${file}: ${error.message}\n`);
  process.exit(1);
}
