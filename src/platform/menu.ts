// The add-on menu (Extensions ▸ Royalties for Sheets). Runs in simple-trigger mode, which may be
// AuthMode.NONE or LIMITED: it must not read properties, the network or the sheets.
export function addRoyaltiesMenu(): void {
  const ui = SpreadsheetApp.getUi();
  ui.createAddonMenu()
    .addItem('Open Royalties', 'showSidebar')
    .addItem('Refresh all tabs', 'menuRefreshAllTabs')
    .addSeparator()
    .addSubMenu(
      ui
        .createMenu('Help')
        .addItem('How it works', 'showHelp')
        .addItem('Check this installation', 'checkInstallation'),
    )
    .addToUi();
}
