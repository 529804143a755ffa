// npm run release's options, parsed before anything runs, so `--help` only prints.

export const RELEASE_USAGE = `Usage: ROYALTIES_ROUTE=addon ROYALTIES_API_BASE_URL=https://<the API host>/v1 npm run release -- [options]

A Marketplace release of the installed add-on, from a clean checkout: refuses uncommitted changes, runs the
checks and tests, builds, checks the manifest against Google's rules and marketplace/scopes.json, pushes to
the add-on's standalone project (.clasp.json), makes a version named after the package version and commit,
and points the listing's deployment at it (creating it on the first release, never a second one). The one
step left is the console's: the version number in the Marketplace SDK's App Configuration.

Options:
  --dry-run             say what would happen: reads the project's versions and deployments and builds into
                        a temporary folder, but runs no checks and pushes, versions or deploys nothing
  --deployment-id ID    the deployment the listing uses, when the project has more than one
  --skip-checks         do not run the checks and tests (only when they have just passed on this commit)
  --help                print this help`;

export interface ReleaseArgs {
  readonly help: boolean;
  readonly dryRun: boolean;
  readonly skipChecks: boolean;
  readonly deploymentId: string | null;
}

export class ReleaseUsageError extends Error {}

export function parseReleaseArgs(argv: readonly string[]): ReleaseArgs {
  let dryRun = false;
  let skipChecks = false;
  let deploymentId: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true, dryRun, skipChecks, deploymentId };
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--skip-checks') skipChecks = true;
    else if (arg === '--deployment-id' || arg.startsWith('--deployment-id=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (value === undefined || value.trim() === '' || value.startsWith('--'))
        throw new ReleaseUsageError('--deployment-id needs a value.');
      deploymentId = value.trim();
    } else
      throw new ReleaseUsageError(
        `Unknown option ${arg}. Run \`npm run release -- --help\` for the options.`,
      );
  }
  return { help: false, dryRun, skipChecks, deploymentId };
}
