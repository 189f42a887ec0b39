import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** One JavaScript file of the web build, as the bundle budget test reads it. */
export interface ChunkReport {
  file: string;
  isEntry: boolean;
  /** The module a dynamic import() loads this chunk for (a lazy page, a dialog library). */
  dynamicEntryOf: string | null;
  /** Files this one imports statically: the browser loads them with it. */
  imports: string[];
  /** Source modules inside, relative to the repository ("web/features/home/hero.tsx"). */
  modules: string[];
}

/**
 * Writes `file` (outside the served folder) listing the client build's chunks, their static
 * imports and their source modules, for tests/e2e/bundle-budget.spec.ts.
 */
export function chunkReport(file: string): Plugin {
  return {
    name: 'redhope-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      const relative = (id: string) => path.relative(process.cwd(), id).split(path.sep).join('/');
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          dynamicEntryOf:
            output.isDynamicEntry && output.facadeModuleId ? relative(output.facadeModuleId) : null,
          imports: output.imports,
          modules: Object.keys(output.modules).map(relative),
        });
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}
