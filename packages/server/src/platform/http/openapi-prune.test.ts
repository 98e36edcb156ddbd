import { describe, expect, it } from 'vitest';
import { pruneUnusedSchemas } from './openapi-prune.ts';

describe('pruneUnusedSchemas', () => {
  it('keeps the schemas routes reach, directly or through other schemas, and drops the rest', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const document = {
      paths: { '/a': { get: { responses: { 200: { content: { 'application/json': { schema: ref('Order') } } } } } } },
      components: {
        securitySchemes: { bearer: { type: 'http' } },
        schemas: { Order: { properties: { product: ref('Product') } }, Product: {}, OrderInput: {}, Unused: {} },
      },
    };
    const pruned = pruneUnusedSchemas(document);
    expect(Object.keys(pruned.components.schemas).sort()).toEqual(['Order', 'Product']);
    expect(pruned.components.securitySchemes).toEqual({ bearer: { type: 'http' } });
  });
});
