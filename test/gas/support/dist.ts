// The real bundle: tests that run dist/Code.js build it once when it is missing (npm test builds it first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../local/gas/index.ts';

export function ensureDist(): string {
  const dist = path.join(REPO_ROOT, 'dist');
  if (!existsSync(path.join(dist, 'Code.js'))) {
    const built = spawnSync('npx', ['tsx', 'local/build/cli.ts'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stderr}`);
  }
  return dist;
}
