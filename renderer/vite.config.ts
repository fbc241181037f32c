import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pdfjsAssets } from './vite-pdfjs-assets.ts';
import { fileURLToPath } from 'node:url';

// Renderer bundle. Root is renderer/; output goes to <repo>/out/renderer, which both the Electron
// shell (loadFile) and browser mode (the web server) serve. base './' keeps asset URLs relative so
// the same build works from file:// and from http://127.0.0.1.
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The page's CSP meta is for builds. Under the dev server, React refresh needs an inline preamble
 * and an HMR socket; both policies would apply (the strictest wins), so the meta is left out there
 * and the Electron shell's dev CSP header governs.
 */
function devCsp(): Plugin {
  return {
    name: 'docparse-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/, ''),
  };
}

export default defineConfig({
  root,
  base: './',
  plugins: [react(), devCsp(), pdfjsAssets()],
  // One KaTeX: rehype-katex's own older copy writes class names (.base, .sizing, …) the stylesheet of the
  // app's KaTeX (katex/dist/katex.min.css) no longer has (.katex-base, …), which left formula pieces
  // unstyled: breaking inside (an inline πr²'s 2 on the next line) and wrapping display formulas.
  resolve: { dedupe: ['katex'] },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    // Not 'assets': browser mode serves result files (images, originals) under /assets/.
    assetsDir: 'static',
    target: 'es2023',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
  server: { host: '127.0.0.1', strictPort: false },
});
