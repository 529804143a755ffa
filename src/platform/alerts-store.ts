// The alerts' records (core/flows/alert-records.ts) over the document store: every editor and the night
// read the same lines; the owner is recognised by the addresses Google gives. The raised record and the
// baseline are saved with the status book, in one call (sheets/status-tab.ts).
import { alertRecordsOf, saveAlertLinesWith } from '../core/flows/alert-records';
import { documentStore, roomFor, type StoredValues } from './document';
import { sheetsApp } from './optional-services';

export function loadAlerts(document: StoredValues = documentStore()): ReturnType<typeof alertRecordsOf> {
  return alertRecordsOf(document);
}

/** The sidebar's "Save alert lines". */
export function saveAlertLines(input: unknown): ReturnType<typeof saveAlertLinesWith> {
  return saveAlertLinesWith(input, {
    actingEmail: () => Session.getEffectiveUser().getEmail(),
    ownerEmail: () => sheetsApp().getActive().getOwner()?.getEmail(),
    roomFor: (key) => roomFor(key),
    store: (key, value) => documentStore().setProperty(key, value),
  });
}
