import { describe, expect, it } from 'vitest';
import { pictureRewriteBody } from './pictureBody.ts';

const fields = { picDesc: '', res: '', productInfo: '蓝色衬衫', marketDesc: '', ratio: '3:4' as const, genNum: 1 };

describe('submitting a picture rewrite', () => {
  it('sends the uploaded product picture with the original', () => {
    const body = pictureRewriteBody({ url: '/files/uploads/a.jpg' }, { url: '/files/uploads/shirt.jpg' }, fields);
    expect(body.img).toBe('/files/uploads/a.jpg');
    expect(body.productImg).toBe('/files/uploads/shirt.jpg');
    expect(body.productInfo).toBe('蓝色衬衫');
  });
  it('sends an empty product picture when none was given (an images API takes it as optional)', () => {
    expect(pictureRewriteBody({ url: '/files/uploads/a.jpg' }, null, fields).productImg).toBe('');
  });
});
