// Item 4: the size of what Apps Script loads, and the time to load Code.js into a fresh V8 context,
// which every execution pays (each custom function cell is one execution). esbuild's metafile says which
// source files take the room.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { compact, ROOT, serverBuildOptions, wrapBundle } from '../../build/build.ts';
import type { BuildSettings } from '../../build/settings.ts';
import { median } from '../measure.ts';

/**
 * The owner's tripwire on Code.js's size, which every execution loads: printed on every run, under it or
 * over, never a target to write code for (the source is never bent for bytes). Code.js crossed it with the
 * alerts, the year and the moves into core, every byte of them features (local/bench/README.md, "Code.js's
 * size"); only dropping features would bring it back under, which is the owner's choice, so crossing it is
 * said loudly and does not fail the run. What does fail it is the bloat the tripwire was set against: a
 * module from outside src/ in the bundle (onlyOurSource).
 */
export const CODE_TRIPWIRE_BYTES = 160 * 1024;

export interface RoomTaker {
  /** A source file, relative to the repository. */
  readonly file: string;
  /** Minified bytes it contributes to Code.js. */
  readonly bytes: number;
}

/** A group of entry points (src/entrypoints/index.ts) and the minified code it alone reaches. */
export interface ExecutionReach {
  readonly group: string;
  readonly what: string;
  readonly bytes: number;
}

/** The groups src/entrypoints/index.ts joins: module, export, and the execution that calls it. */
const EXECUTION_GROUPS: readonly { file: string; group: string; what: string }[] = [
  {
    file: 'formula-calls',
    group: 'formulaEntryPoints',
    what: 'a formula cell (the eleven custom functions)',
  },
  {
    file: 'refresh-calls',
    group: 'refreshEntryPoints',
    what: 'a refresh (sidebar button, menu, nightly trigger)',
  },
  { file: 'sidebar-calls', group: 'sidebarEntryPoints', what: "the menu and the sidebar's other calls" },
];

export interface BundleFigures {
  readonly codeBytes: number;
  readonly codeGzipBytes: number;
  readonly sidebarBytes: number;
  readonly sidebarGzipBytes: number;
  /** Median time to compile and run Code.js's top level in a new context. */
  readonly loadMs: number;
  readonly loadRuns: number;
  /** Source files by the bytes they put into esbuild's minified bundle, largest first. */
  readonly roomTakers: readonly RoomTaker[];
  /** What terser's second pass takes off esbuild's bundle as a whole (it cannot say from which file). */
  readonly secondPassBytes: number;
  /** What each kind of execution's own code needs, bundled alone (before stubs). Apps Script loads the
   * whole of Code.js in every execution, so these say how far a split or a leaner design could go. */
  readonly reach: readonly ExecutionReach[];
}

/** Compile and run the script in a fresh context; a unique trailing comment defeats V8's compilation cache.
 * The context is made before the clock starts: every execution pays for it whatever the script holds. */
function loadOnce(code: string, run: number): number {
  const context = vm.createContext({});
  const started = performance.now();
  const script = new vm.Script(`${code}\n//${run}`, { filename: 'Code.js' });
  script.runInContext(context);
  return performance.now() - started;
}

/** Which source fills esbuild's bundle, and what terser's second pass took off it: Code.js (built from the
 * same settings) less what the build wraps around the bundle is the bundle after that pass. */
async function roomTakers(
  settings: BuildSettings,
  codeBytes: number,
): Promise<Pick<BundleFigures, 'roomTakers' | 'secondPassBytes'>> {
  const result = await esbuild.build({ ...(await serverBuildOptions(settings)), metafile: true });
  const output = Object.values(result.metafile.outputs)[0];
  const bundled = result.outputFiles?.[0]?.text ?? '';
  const roomTakers = Object.entries(output?.inputs ?? {})
    .map(([file, { bytesInOutput }]) => ({
      file: path.relative(ROOT, path.resolve(ROOT, file)),
      bytes: bytesInOutput,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const compacted = codeBytes - Buffer.byteLength(wrapBundle(''));
  return { roomTakers, secondPassBytes: Buffer.byteLength(bundled) - compacted };
}

/** Bundles one group of entry points alone, with Code.js's own settings, and measures it. */
async function executionReach(settings: BuildSettings): Promise<ExecutionReach[]> {
  const { entryPoints: _whole, ...options } = await serverBuildOptions(settings);
  const out: ExecutionReach[] = [];
  for (const { file, group, what } of EXECUTION_GROUPS) {
    const module = JSON.stringify(path.join(ROOT, `src/entrypoints/${file}.ts`));
    const contents = `import { ${group} } from ${module};\nglobalThis.reached = ${group};\n`;
    const result = await esbuild.build({ ...options, stdin: { contents, resolveDir: ROOT, loader: 'ts' } });
    out.push({ group, what, bytes: Buffer.byteLength(await compact(result.outputFiles[0]?.text ?? '')) });
  }
  return out;
}

export async function benchBundle(
  distDir: string,
  settings: BuildSettings,
  runs: number,
): Promise<BundleFigures> {
  const code = readFileSync(path.join(distDir, 'Code.js'), 'utf8');
  const codeBytes = Buffer.byteLength(code);
  const sidebar = readFileSync(path.join(distDir, 'Sidebar.html'), 'utf8');
  loadOnce(code, -1); // warm-up: the first compile also pays for V8's own start
  const times = Array.from({ length: runs }, (_, i) => loadOnce(code, i));
  return {
    codeBytes,
    codeGzipBytes: gzipSync(code).length,
    sidebarBytes: Buffer.byteLength(sidebar),
    sidebarGzipBytes: gzipSync(sidebar).length,
    loadMs: median(times),
    loadRuns: runs,
    ...(await roomTakers(settings, codeBytes)),
    reach: await executionReach(settings),
  };
}
