// The morning e-mail after a nightly refresh (docs/guide/nightly-and-email.md): the choices, the figures a refresh
// hands over, what is wrong, and the message itself. Plain TypeScript; src/platform/morning-email.ts sends it.

export { moneyText } from '../report/money';
export {
  ALERT_LINES_HOW,
  alertsTold,
  composeMorningEmail,
  type MorningEmail,
  type MorningReport,
} from './compose';
export {
  morningFigures,
  TOP_BOOKS,
} from './figures';
export { changeText } from './format';
export {
  LAST_REFRESH_PROPERTY,
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
  REFRESHED_BY_WORDS,
} from './last-refresh';
export {
  type MorningEmailMode,
  morningEmailMode,
  sendsTonight,
  storedMorningEmailMode,
} from './mode';
export {
  BOOKS_NOT_CHOSEN,
  type BookFigure,
  type BooksBefore,
  FIRST_REFRESH,
  MOVERS,
  movedBooks,
  NOT_NIGHTLY,
  rankMovers,
} from './movers';
export { ALREADY_SENT, emailFailed, emailSent, emailWentWrong, NO_ADDRESS, NO_QUOTA } from './outcome';
export { morningProblems, platformProblem, platformProblems } from './problems';
