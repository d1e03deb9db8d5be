// The app icons, generated from public/favicon.svg (Kort's mark) by the PWA assets generator:
//   cd player-web && npx -y @vite-pwa/assets-generator@2.0.0
// The outputs are committed (public/); rerun after changing the mark. The dashboard uses these
// files from the root; the door display carries the mark and the .ico in edge-agent/src/display/brand.ts.
const brandGreen = '#0f5132';

export default {
  headLinkOptions: { preset: '2023' },
  preset: {
    transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
    // Home-screen icons are full-bleed squares the system masks: the mark on the brand green.
    maskable: { sizes: [512], padding: 0.1, resizeOptions: { background: brandGreen } },
    apple: { sizes: [180], padding: 0.1, resizeOptions: { background: brandGreen } },
  },
  images: ['public/favicon.svg'],
};
