// The machine the figures came from: they are printed beside every result and go into docs/performance.md.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  /** ISO 8601, when the run started. */
  readonly date: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // Not Linux: os.cpus() knows the model too.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function thisMachine(): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpuModel(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
