import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Writes `file.br` and `file.gz` beside `file`, both at their best (smallest) setting. */
export function compressFile(file: string): void {
  const data = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends them
 * compressed without compressing on each request (server/lib/static-web.ts, `precompressed`).
 * The client build only: the prerender's build (scripts/prerender.ts) is not served.
 */
export function precompress(outDir: string): Plugin {
  let ssr = false;
  return {
    name: 'redhope-precompress',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) compressFile(file);
    },
  };
}
