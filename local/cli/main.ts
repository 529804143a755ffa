// npm start's entry: the command (command.ts) with this process's streams and environment; its result is
// the exit code.
import { main } from './command.ts';

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
