// Fastify's own symbols (lib/symbols.js: CommonJS, untyped); only fastify-internals.ts reads them.
declare module 'fastify/lib/symbols.js' {
  const symbols: { kReplyHeaders: symbol; kRouteContext: symbol; kLogController: symbol };
  export default symbols;
}
