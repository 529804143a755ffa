// A refresh started from the sidebar, in parallel executions (core/flows/refresh-parts.ts): the start, one
// part per request, the finish, each a server call of its own over the refresh's port and the parts'
// progress entries.
import * as parts from '../core/flows/refresh-parts';
import type { RefreshResult } from '../core/refresh';
import { refreshPort } from './refresh';
import { partEnded, unansweredInParts } from './refresh-progress';

const partsPort: parts.RefreshPartsPort<Parameters<typeof refreshPort.apiKey>[0]> = {
  ...refreshPort,
  partEnded,
  unansweredInParts,
};

export const startRefresh = (): parts.RefreshStarted => parts.startRefresh(partsPort);

export function refreshPart(runId: unknown, part: unknown): parts.PartDone {
  return parts.refreshPart(partsPort, runId, part);
}

export function finishRefresh(runId: unknown): RefreshResult {
  return parts.finishRefresh(partsPort, runId);
}
