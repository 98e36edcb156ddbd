export default {
  heroTitle: 'AI product photos and marketing content studio',
  heroBody:
    'Upload a mannequin, model, wig, shoe or product photo and get shop-ready marketing images, cutouts, new backgrounds and short videos in minutes; turn hot topics and calendar dates into ideas and platform-ready copy.',
  start: 'Get started',
  tool_aiCutout: 'Remove the background in one click, get a transparent PNG',
  tool_productBg: 'Put the product on a colour or a scene, with a soft shadow',
  tool_rewriteBackground: 'Place the product into the scene and light of a reference',
  tool_aiQrCode: 'Turn a link into artistic QR code art that still scans',
  tool_aiVideoSingle: 'Make a short camera-motion video from one image',
  tool_contentHotspot: 'Turn hot topics and calendar dates into ideas and copy',
} as const;
