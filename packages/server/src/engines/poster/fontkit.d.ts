// fontkit ships no type declarations; posters use only `create` (fonts.ts narrows what it answers).
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
