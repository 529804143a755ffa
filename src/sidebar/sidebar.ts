// What every part of the sidebar shares: the last state from the server and a way to reload it.
import type { SidebarState } from '../core/flows/sidebar-state';

export interface Sidebar {
  readonly state: () => SidebarState | null;
  /** Fetches the whole state again and re-renders; `message` is announced once it is shown. */
  reload(message?: string): Promise<void>;
}
