import fs from 'node:fs';
import { GENERATED_TYPES_PATH, generateTypes, openapiDocument } from './contract.ts';

/** `npm run gen:api`: regenerates core's API types from the server's current route schemas. */
const types = await generateTypes(await openapiDocument());
const before = fs.existsSync(GENERATED_TYPES_PATH) ? fs.readFileSync(GENERATED_TYPES_PATH, 'utf8') : '';
fs.writeFileSync(GENERATED_TYPES_PATH, types);
console.log(`${GENERATED_TYPES_PATH}: ${before === types ? 'unchanged' : 'written'}`);
