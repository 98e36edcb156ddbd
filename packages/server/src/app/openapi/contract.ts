import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../../platform/config.ts';
import { buildApp } from '../app.ts';

/** Where the generated wire types live: core, so every client (web, plugins, embed SDK) shares them. */
export const GENERATED_TYPES_PATH = fileURLToPath(new URL('../../../../core/src/api/schema.gen.ts', import.meta.url));

const HEADER = `/**
 * Wire types of the HTTP API, generated from the server's OpenAPI document (/api/openapi.json).
 * Do not edit: change the route's zod schema, then run \`npm run gen:api\`.
 * A test (packages/server/src/app/openapi/contract.test.ts) fails when this file and the schema differ.
 */

`;

/**
 * The OpenAPI document the server publishes, built in-process on a throwaway SQLite database:
 * no port is opened and nothing outside a temporary folder is touched.
 */
export async function openapiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-openapi-'));
  try {
    // A fixed configuration: the document must not depend on who generates it.
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), NODE_ENV: 'test' });
    const { app } = await buildApp(config, { logLevel: 'silent' });
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger()));
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript types of a document, as `openapi-fetch` takes them (`paths`, `components`). */
export async function generateTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}
