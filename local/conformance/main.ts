// npm run conformance (local/conformance/run.ts): for a publisher with a Google account and a clasp login.
import { ClaspMissing } from '../setup/clasp.ts';
import { ConformanceError, conformance } from './run.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
try {
  process.exitCode = await conformance(process.cwd(), say);
} catch (err) {
  if (err instanceof ConformanceError || err instanceof ClaspMissing) {
    process.stderr.write(`npm run conformance: ${err.message}\n`);
    process.exitCode = 1;
  } else throw err;
}
