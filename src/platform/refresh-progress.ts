// A refresh's progress (core/flows/refresh-progress.ts) in the document cache. Each execution loads the
// script afresh, so the tracker, and the run it holds, is this execution's.
import { refreshProgressOver } from '../core/flows/refresh-progress';
import { logGoogle } from './optional-services';

const progress = refreshProgressOver({
  cache: () => CacheService.getDocumentCache(),
  now: () => Date.now(),
  log: logGoogle,
});

export const reportProgress = progress.report;
/** Starts this execution's run, or (a sidebar refresh's finish) goes on with the run its start began. */
export const startProgress = progress.start;
export const reportWritten = progress.written;
export const endProgress = progress.end;
export const partEnded = progress.partEnded;
export const unansweredInParts = progress.unansweredInParts;
/** For the sidebar's poll (optional-services.ts: a cache that refuses is no progress). */
export const getRefreshProgress = progress.latest;
