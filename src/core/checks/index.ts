// Reconciliation: figures that must agree across reports, compared after every refresh.
export { checksBannerText, mismatches, notAddingUp, type ReconcileTables, reconcile } from './reconcile';
export type { Check, CheckResult } from './types';
