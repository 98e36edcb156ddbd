import { describe, expect, it } from 'vitest';
import { fileKeyOf, mayBeFileUrl } from './fileUrls.ts';

describe('fileKeyOf (the one "is this our file" rule)', () => {
  const bases = { publicBase: 'https://studio.example.com/', bucketBases: ['http://127.0.0.1:9000/media/'] };
  it('reads the key of every form our files reach clients in', () => {
    expect(fileKeyOf('/files/uploads/2026/11/29/ab.png')).toBe('uploads/2026/11/29/ab.png');
    expect(fileKeyOf('/files/outputs/a.png?e=1&s=abc', bases)).toBe('outputs/a.png');
    expect(fileKeyOf('https://studio.example.com/files/outputs/a.png?e=1&s=abc', bases)).toBe('outputs/a.png');
    expect(fileKeyOf('http://127.0.0.1:9000/media/outputs/a.png?X-Amz-Signature=x', bases)).toBe('outputs/a.png');
  });
  it('refuses foreign hosts, other paths and unsafe keys', () => {
    expect(fileKeyOf('https://other.example/files/outputs/a.png', bases)).toBeNull();
    expect(fileKeyOf('//other.example/files/a.png', bases)).toBeNull();
    expect(fileKeyOf('https://studio.example.com.evil/files/a.png', bases)).toBeNull();
    expect(fileKeyOf('http://127.0.0.1:9000/other/a.png', bases)).toBeNull();
    expect(fileKeyOf('/files/../secret', bases)).toBeNull();
    expect(fileKeyOf('https://studio.example.com/files/outputs/a.png', {})).toBeNull();
  });
  it('lets pages ask the server about absolute http(s) URLs only', () => {
    expect(mayBeFileUrl('/files/a.png?e=1&s=x')).toBe(true);
    expect(mayBeFileUrl('https://studio.example.com/files/a.png')).toBe(true);
    expect(mayBeFileUrl('javascript:alert(1)')).toBe(false);
    expect(mayBeFileUrl('data:image/png;base64,AA')).toBe(false);
    expect(mayBeFileUrl('/productimage/ai-cutout')).toBe(false);
    expect(mayBeFileUrl('https://user:pw@host/x.png')).toBe(false);
  });
});
