// Where a refresh was started: the sidebar, the menu, the nightly trigger, or `npm start` on this machine.
// Its progress, its result and the last refresh's record all say it with these words.

export const REFRESH_ORIGINS = ['menu', 'sidebar', 'nightly', 'local'] as const;
export type RefreshOrigin = (typeof REFRESH_ORIGINS)[number];
