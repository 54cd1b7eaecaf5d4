import { writeFile } from 'node:fs/promises';
import { apiDocument } from '../api/contract';
import { contractTypes, contractTypesPath } from './contractTypes';

/** `npm run contract:types`: rewrites the web's API types from the in-process OpenAPI document. */
await writeFile(contractTypesPath, await contractTypes(apiDocument()));
console.log(`wrote ${contractTypesPath}`);
