// `npm run demo-api`: the demo API on http://127.0.0.1:8787/v1 until Ctrl+C.
// Flags: --port N, --today YYYY-MM-DD, --scale big, --row-read-cap N, --dangerous, --shape NAME.

import { startDemoApi } from './index.ts';
import { RESPONSE_SHAPES, type ResponseShape } from './shapes.ts';
import type { DemoApiOptions } from './types.ts';

function parseArgs(argv: readonly string[]): DemoApiOptions {
  const options: DemoApiOptions = { port: 8787 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const count = (text: string) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number, not ${text}`);
      return n;
    };
    if (flag === '--port') options.port = count(value());
    else if (flag === '--today') options.today = value();
    else if (flag === '--scale') {
      const scale = value();
      if (scale !== 'big' && scale !== 'demo') throw new Error('--scale takes demo or big');
      options.scale = scale;
    } else if (flag === '--row-read-cap') options.rowReadCap = count(value());
    else if (flag === '--dangerous') options.dangerousData = true;
    else if (flag === '--shape') {
      const shape = value() as ResponseShape;
      if (!RESPONSE_SHAPES.includes(shape)) throw new Error(`--shape takes ${RESPONSE_SHAPES.join(', ')}`);
      options.shape = shape;
    } else
      throw new Error(
        `Unknown flag ${flag}. Flags: --port N, --today YYYY-MM-DD, --scale big, --row-read-cap N, --dangerous, --shape NAME`,
      );
  }
  return options;
}

async function main(): Promise<void> {
  const api = await startDemoApi(parseArgs(process.argv.slice(2)));
  // The demo key is public by design: it reads only the fictional demo account.
  console.log(`Demo API listening on ${api.baseUrl}`);
  console.log(`Demo key: ${api.demoKey}`);
  console.log(`Try: curl -H "Authorization: Bearer ${api.demoKey}" ${api.baseUrl}/account`);
  const stop = () => {
    api.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
