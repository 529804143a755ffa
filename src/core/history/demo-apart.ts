// The demo account's history and an author's own never mix: the demo's made-up days in an author's
// ledger (or the author's in the demo's) would stay there for good.

export const DEMO_NOT_MERGED =
  "This history holds your own account's figures, not the demo account's: save your own key in the sidebar to bring it up to date.";

/** Whether a ledger holds the refreshing account's days: `ledgerDemo` is its mark's (TabMark.demo),
 * `demo` whether the refresh uses the public demo key. */
export function sameAccount(ledgerDemo: boolean | undefined, demo: boolean): boolean {
  return (ledgerDemo === true) === demo;
}

/** What a refresh does with the ledger it finds: merge into it; refuse (the demo key never merges into
 * an author's days); or set the demo's ledger aside and start the author's own. An empty ledger is anyone's. */
type LedgerStep = 'merge' | 'refuse' | 'set-aside';

export function ledgerStep(
  ledger: { readonly demo: boolean | undefined; readonly rows: number },
  demo: boolean,
): LedgerStep {
  if (ledger.rows === 0 || sameAccount(ledger.demo, demo)) return 'merge';
  return demo ? 'refuse' : 'set-aside';
}
