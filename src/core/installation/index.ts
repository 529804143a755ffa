// Help ▸ Check this installation: the lines (check.ts) and how they are shown and copied (report.ts).
export {
  checkInstallation,
  type InstallationCheck,
  type InstallationLine,
  type InstallationPorts,
  type LineStatus,
  type NightlyTrigger,
} from './check';
export { type BuildFacts, CHECK_TITLE, checkDialogHtml, supportText } from './report';
