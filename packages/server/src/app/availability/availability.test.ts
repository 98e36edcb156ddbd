import { describe, expect, it } from 'vitest';
import { createHarness } from '../../test-support/harness.ts';

describe('GET /api/availability', () => {
  it('lists the business types of the configured engines and the configured external tools', async () => {
    const h = await createHarness('sqlite', { EXTERNAL_VIDEO_URLS: '0=https://cut.example/app' });
    try {
      const res = await h.call({ method: 'GET', url: '/api/availability' });
      expect(res.status).toBe(200);
      const data = res.data as { bizTypes: string[]; external: number[] };
      expect(data.bizTypes).toContain('MATTING_IMAGE');
      expect(data.bizTypes).not.toContain('TRY_ON');
      expect(data.external).toEqual([0]);
      // Only what is missing here has enablers: the local engine's cutout is on.
      const enablers = (res.data as { enablers: Record<string, string[]> }).enablers;
      expect(enablers.MATTING_IMAGE).toBeUndefined();
      expect(enablers.TRY_ON).toContain('FASHN_API_KEY');
    } finally {
      await h.close();
    }
  });

  it('lists only the offline writer when no engine this build has and no external link is configured', async () => {
    const h = await createHarness('sqlite', { ENGINES: 'comfyui', EXTERNAL_VIDEO_URLS: '' });
    try {
      const res = await h.call({ method: 'GET', url: '/api/availability' });
      // The offline writers (marketing drafts, idea reports, topic drafts) and the local poster engines are in
      // every deployment (domains add more such always-there types, so the list is checked by what it holds);
      // nothing that needs an engine or a model.
      expect(res.data.external).toEqual([]);
      expect(res.data.bizTypes).toEqual(
        expect.arrayContaining(['MKT_CONTENT_DRAFT', 'MKT_IDEA_PICTURE', 'PLACARD_GEN', 'THEME_ARTICLE_GEN']),
      );
      // What would turn each missing tool on, for the operators: the dedicated providers first, no trial-only model.
      expect(res.data.enablers.TRY_ON).toEqual([
        'FASHN_API_KEY',
        'DASHSCOPE_API_KEY',
        'FAL_KEY',
        'IMAGE_API_BASE_URL + IMAGE_API_MODEL',
      ]);
      expect(res.data.enablers.SHOES_IMAGE).toEqual(['FASHN_API_KEY', 'FAL_KEY', 'IMAGE_API_BASE_URL + IMAGE_API_MODEL']);
      expect(res.data.enablers.CUSTOMIZED_MODEL).toEqual(['FASHN_API_KEY', 'IMAGE_API_BASE_URL + IMAGE_API_MODEL']);
      expect(res.data.enablers.MATTING_IMAGE).toEqual(['ENGINES=local']);
      expect(res.data.enablers.HOT_ARTICLE_REWRITE).toEqual(['LLM_BASE_URL + LLM_MODEL']);
      expect(res.data.enablers.MKT_CONTENT_DRAFT).toBeUndefined();
      for (const type of [
        'MATTING_IMAGE',
        'TRY_ON',
        'MKT_CONTENT',
        'HOT_ARTICLE_REWRITE',
        'HOT_PIC_REWRITE',
        'HOT_VIDEO_REWRITE',
      ])
        expect(res.data.bizTypes).not.toContain(type);
    } finally {
      await h.close();
    }
  });
});
