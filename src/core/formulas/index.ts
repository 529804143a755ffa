// Custom-function logic: argument checks, the request a formula makes, field selection, the truncation
// banner and the cells a formula spills. Plain TypeScript; src/platform/formulas.ts runs it.

export {
  ACCESS_ON,
  checkOwner,
  FORMULA_ACCESS_OFF,
  formulaAccessProperty,
  NO_KEY_FOR_FORMULAS,
} from './access';
export { answerEntry, answerIdentity, answerKey, keptAnswer } from './answers';
export type { DayToDate } from './cells';
export { FORMULA_FUNCTIONS, type FormulaName } from './functions';
export { midnightInZone, midnightsInZone, offsetMinutes } from './midnight';
export { knownOffsets, type OffsetSample } from './offsets';
export { type FormulaResult, formulaOutput } from './output';
export { REFRESH_CELL_NAME, refreshGeneration } from './recalculation';
export { type FormulaArguments, type FormulaCall, formulaCall } from './request';
export { type FlightLock, type Look, singleFlight } from './single-flight';
