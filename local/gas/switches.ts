// The test switches (types.ts Emulator.switches): Google's less common behaviour on demand, and the
// readings of undocumented behaviour changed between executions.
import type { World } from './env.ts';
import { lockName } from './lock.ts';
import { messages } from './messages.ts';
import type { Emulator } from './types.ts';

export function createSwitches(world: World, checkUser: (email: string) => string): Emulator['switches'] {
  const { readings } = world;
  return {
    requireAuthorization: (email, required = true, opts = {}) => {
      if (required) world.authorizationRequired.set(checkUser(email), new Set(opts.refuse ?? []));
      else world.authorizationRequired.delete(email);
    },
    grantScopes: (email, scopes) => {
      if (scopes === null) world.grants.delete(checkUser(email));
      else world.grants.set(checkUser(email), new Set(scopes));
    },
    holdLock: (kind, opts = {}) => {
      const name = lockName(kind, opts.user ?? world.owner, world.spreadsheet.id);
      world.locks.heldElsewhere.set(name, opts.untilMs ?? Number.POSITIVE_INFINITY);
    },
    evictCaches: () => world.caches.evictAll(),
    mailRecipientsPerDay: (n) => {
      world.mail.dailyRecipients = n;
    },
    withholdEmail: (email, withheld = true) => {
      if (withheld) world.withheldEmails.add(checkUser(email));
      else world.withheldEmails.delete(email);
    },
    clockTriggersSeeDocument: (on) => {
      readings.clockTriggerHasDocument = on;
    },
    userTriggersListClock: (on) => {
      readings.userTriggersListClock = on;
    },
    namedRangeOutlivesSheet: (on) => {
      readings.namedRangeOutlivesSheet = on;
    },
    chartRangesAsAdded: (on) => {
      readings.chartRangesAsAdded = on;
    },
    resultCellLimit: (cells) => {
      readings.resultCellLimit = cells;
    },
    developerMetadataLimit: (characters) => {
      readings.developerMetadataLimit = characters;
    },
    brokenNamedRangeThrows: (on) => {
      readings.brokenNamedRangeThrows = on;
    },
    fetchTimeoutSeconds: (reading) => {
      readings.fetchTimeoutSeconds = reading;
    },
    serviceFault: (kind, opts) => {
      world.serviceFaults.add(kind, opts);
    },
    clearServiceFaults: () => world.serviceFaults.clear(),
    contentTextKeepsByteOrderMark: (on) => {
      readings.contentTextKeepsByteOrderMark = on;
    },
    customFunctionFindsMetadata: (on) => {
      readings.customFunctionFindsMetadata = on;
    },
    numbersKeep15Digits: (on) => {
      readings.numbersKeep15Digits = on;
    },
    failCall: (call, opts = {}) => {
      world.callFaults.add({
        call,
        ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }),
        skip: opts.skip ?? 0,
        message: opts.message ?? messages.serviceFailed(world.spreadsheet.id),
      });
    },
  };
}
