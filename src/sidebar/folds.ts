// Sections that fold. A first visit opens only "Connect your account"; once a key is saved the account is
// open until a first refresh, then folded too, so the figures come first; settings, formula allowance and
// nightly are folded, each with a one-line summary. A section the author opens or folds stays so:
// remembered per user on the server (user properties).
import type { SidebarState } from '../core/flows/sidebar-state';
import { callServer } from './server';

type Folds = Record<string, boolean>;

let chosen: Folds = {};
let keySaved = false;
let refreshed = false;

function defaultOpen(fold: string): boolean {
  if (!keySaved) return fold === 'connect';
  // Once the tabs have figures, those matter more than the account: it folds to its one line.
  return fold === 'account' && !refreshed;
}

function wanted(fold: string): boolean {
  return chosen[fold] ?? defaultOpen(fold);
}

function sections(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-fold]'));
}

function readFolds(stored: unknown): Folds {
  const folds: Folds = {};
  if (stored && typeof stored === 'object') {
    for (const [fold, open] of Object.entries(stored)) if (typeof open === 'boolean') folds[fold] = open;
  }
  return folds;
}

/** Opens and folds the sections as this user left them (or as the layout for their visit says). */
export function applyFolds(state: SidebarState, first: boolean): void {
  keySaved = state.keySaved;
  refreshed = state.lastRefresh !== null;
  if (first) chosen = readFolds(state.folds);
  for (const details of sections()) details.open = wanted(details.dataset.fold ?? '');
}

export function wireFolds(): void {
  for (const details of sections()) {
    details.addEventListener('toggle', () => {
      const fold = details.dataset.fold ?? '';
      // applyFolds sets `open` too; only the author's own change is remembered.
      if (details.open === wanted(fold)) return;
      chosen = { ...chosen, [fold]: details.open };
      callServer('setSidebarFolds', chosen).catch(() => {
        // Remembering is a comfort; the section is open or folded either way.
      });
    });
  }
}
