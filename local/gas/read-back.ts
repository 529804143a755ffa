// What a test reads of the world (and sets in its stores) without counting it: the spreadsheet through an
// uncounted binding, sheet snapshots, the service counts, logs, mail, captured text, the stores, the UI.
import { Binding } from './binding.ts';
import type { Env, World } from './env.ts';
import { HOST_REALM } from './realm.ts';
import { snapshotOf } from './snapshot.ts';
import { Spreadsheet } from './spreadsheet/spreadsheet.ts';
import type { Emulator } from './types.ts';

type ReadBack = Pick<
  Emulator,
  | 'spreadsheet'
  | 'sheetSnapshot'
  | 'spreadsheets'
  | 'stats'
  | 'logs'
  | 'mail'
  | 'capturedText'
  | 'properties'
  | 'ui'
>;

/** The test-facing view: an endless execution of the owner's, nothing counted, captured or refused. */
function testEnv(world: World): Env {
  return {
    world,
    exec: {
      kind: 'test',
      mode: 'FULL',
      effectiveUser: world.owner,
      activeUser: world.owner,
      deadline: Number.POSITIVE_INFINITY,
      hasDocument: true,
    },
    counted: false,
    capture: () => {},
  };
}

export function createReadBack(world: World, checkUser: (email: string) => string): ReadBack {
  const { accounting } = world;
  const env = testEnv(world);
  const spreadsheet = new Binding(env, HOST_REALM).wrap(new Spreadsheet(env));
  return {
    spreadsheet: spreadsheet as GoogleAppsScript.Spreadsheet.Spreadsheet,
    sheetSnapshot: (name) => snapshotOf(world.spreadsheet, name),
    spreadsheets: {
      add: (id: string, name = 'Royalties') =>
        world.documents.add(id, name, world.owner, world.spreadsheet.timeZone),
      use: (id: string) => world.documents.use(world, id),
      current: () => world.spreadsheet.id,
      delete: (id: string) => world.documents.delete(id),
      unshare: (id: string, user: string) => world.documents.unshare(id, checkUser(user)),
    },
    stats: {
      calls: () => accounting.calls(),
      callsByService: () => accounting.callsByService(),
      http: () => accounting.http(),
      fetchAllRounds: () => accounting.fetchAllRounds(),
      cells: () => accounting.cells(),
      executions: () => accounting.executions(),
      reset: () => accounting.reset(),
    },
    logs: accounting.logs,
    mail: {
      sent: () => world.mail.sent.map((m) => ({ ...m })),
      remaining: (email) =>
        Math.max(0, world.mail.dailyRecipients - world.mail.usedBy(email, world.clock.now())),
    },
    capturedText: () => accounting.capturedText(),
    properties: {
      user: (email) => Object.fromEntries(world.properties.user(email)),
      document: () => Object.fromEntries(world.properties.document),
      script: () => Object.fromEntries(world.properties.script),
      setUser: (email, key, value) => {
        world.properties.user(checkUser(email)).set(key, value);
      },
      setDocument: (key, value) => {
        world.properties.document.set(key, value);
      },
    },
    ui: () => structuredClone(world.ui),
  };
}
