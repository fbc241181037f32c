// Vite plugin: ships pdf.js's data files beside the renderer so PDF previews work offline —
// CMaps (CJK text), standard fonts, wasm decoders (JPX, JBIG2, ICC) and ICC profiles. They land at
// <outDir>/pdfjs/<dir>/… (what features/review/pdf.ts asks for, relative to index.html) and are
// served from node_modules under the dev server.
import { readdirSync, readFileSync, statSync, createReadStream } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const DIRS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;

function pdfjsRoot(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('pdfjs-dist/package.json'), '..');
}

function filesOf(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
}

export function pdfjsAssets(): Plugin {
  return {
    name: 'docparse-pdfjs-assets',
    generateBundle() {
      const root = pdfjsRoot();
      for (const dir of DIRS) {
        for (const file of filesOf(join(root, dir))) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${dir}/${file}`,
            source: readFileSync(join(root, dir, file)),
          });
        }
      }
    },
    configureServer(server) {
      const root = pdfjsRoot();
      server.middlewares.use((req, res, next) => {
        const m = /^\/pdfjs\/([a-z_]+)\/([^/?#]+)/.exec(req.url ?? '');
        if (!m || !(DIRS as readonly string[]).includes(m[1]!)) return next();
        const base = join(root, m[1]!);
        const path = normalize(join(base, decodeURIComponent(m[2]!)));
        if (!path.startsWith(base + sep)) return next();
        try {
          if (!statSync(path).isFile()) return next();
        } catch {
          return next();
        }
        if (path.endsWith('.wasm')) res.setHeader('content-type', 'application/wasm');
        createReadStream(path).pipe(res);
      });
    },
  };
}
