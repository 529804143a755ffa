// Help ▸ Check this installation, wired to Apps Script: each port of core/flows/installation-check.ts is one service
// asked once, and the dialog shown. The decisions and the words are the core's.
import {
  checkInstallation,
  type InstallationCheck,
  type InstallationPorts,
} from '../core/flows/installation-check';
import { CHECK_TITLE, checkDialogHtml } from '../core/flows/installation-report';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { refreshLock, sheetZone, theSpreadsheet } from './document';
import { keyStore } from './key-store';
import { nightlyState } from './nightly';
import { nightlyTriggerState } from './nightly-trigger';
import { missingNow } from './permissions';
import { sheetTime } from './sheet-time';

/** The author waits on the menu: the API gets as long as the key check does. */
const API_BUDGET_MS = 20_000;
/** A moment: a refresh running now holds it for minutes, so waiting longer tells nothing more. */
const LOCK_TRY_MS = 500;
/** The cache's own marker: a name of ours, never the key or anything derived from it. */
const CACHE_PROBE = 'royalties.check';

function ports(): InstallationPorts {
  return {
    now: () => Date.now(),
    formatTime: (ms) => sheetTime(sheetZone(), ms),
    permissions: missingNow,
    keySaved: () => keyStore.get() !== null,
    askAccount: () => {
      const apiKey = keyStore.get();
      if (apiKey)
        platformClient({ apiKey, budgetMs: API_BUDGET_MS, cache: 'none' }).fetch({ endpoint: 'account' });
    },
    nightly: () => {
      const spreadsheet = theSpreadsheet();
      const { hour, timeZone, lastRun } = nightlyState(spreadsheet);
      return { trigger: nightlyTriggerState(spreadsheet.getId()), hour, timeZone, lastRun };
    },
    emailQuota: () => MailApp.getRemainingDailyQuota(),
    cacheAnswers: () => {
      const cache = CacheService.getDocumentCache() ?? CacheService.getUserCache();
      const value = String(Date.now());
      cache.put(CACHE_PROBE, value, 60);
      return cache.get(CACHE_PROBE) === value;
    },
    lockAnswers: () => {
      const lock = refreshLock();
      if (!lock.tryLock(LOCK_TRY_MS)) return false;
      lock.releaseLock();
      return true;
    },
  };
}

/** Runs the check, shows it, and answers with it (the emulator's tests read the lines). */
export function showInstallationCheck(): InstallationCheck {
  const check = checkInstallation(ports());
  const html = checkDialogHtml(check, {
    version: buildConfig.version,
    route: __ROYALTIES_ADDON_ROUTE__ ? 'add-on' : 'bound',
    timeZone: sheetZone(),
    at: sheetTime(sheetZone(), check.at),
  });
  SpreadsheetApp.getUi().showModalDialog(
    HtmlService.createHtmlOutput(html).setWidth(560).setHeight(600),
    CHECK_TITLE,
  );
  return check;
}
