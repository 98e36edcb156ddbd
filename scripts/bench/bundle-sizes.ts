import { printBundleSizes } from '../../plugins/shared/sizes.ts';

/**
 * Front-end weight after the last build: the web app, the embed SDK and each Base extension. The
 * Base SDK (about 250 KB gzipped) must appear only in the extensions.
 */
if (!printBundleSizes()) process.exit(1);
