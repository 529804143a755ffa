// The dashboard page of whatever the emulated spreadsheet holds now (the preview's /dashboard).
import type { Emulator } from '../gas/index.ts';
import { escapeHtml } from '../preview/tabs-view.ts';
import { dashboardHtml } from './render.ts';
import { dashboardView } from './view.ts';

export function dashboardPage(emulator: Emulator): string {
  const view = dashboardView(emulator);
  if (view) return dashboardHtml(view);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Royalties dashboard</title></head>
<body><p>${escapeHtml('No dashboard yet: refresh all tabs from the sidebar (with "Royalties dashboard" among the tabs).')}</p></body></html>`;
}
