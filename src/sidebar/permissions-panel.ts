// One line per feature that lacks a permission the author did not grant (Google's granular consent): what it
// needs in Google's own words, what is off until then, and a button that asks Google for it. The server's
// call ends with Google's prompt; once granted, the sidebar reloads and the line is gone.
import type { SidebarState } from '../core/flows/sidebar-state';
import { byId, el, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

export function renderPermissions(state: SidebarState, sidebar: Sidebar): void {
  const list = byId('permissions');
  const lines = state.permissions ?? [];
  list.replaceChildren(
    ...lines.map((line) => {
      const button = el('button', { type: 'button', 'data-feature': line.feature }, 'Grant permission');
      const message = el('span', { role: 'status', class: 'permission-message' });
      button.addEventListener('click', () => {
        void whileBusy([button], async () => {
          try {
            await callServer('askForPermission', line.feature);
            await sidebar.reload();
          } catch (e) {
            say(
              message,
              `Google asked for the permission: ${(e as Error).message} Once granted, try again.`,
              'error',
            );
          }
        });
      });
      return el('li', {}, line.text, ' ', button, message);
    }),
  );
  list.hidden = lines.length === 0;
}
