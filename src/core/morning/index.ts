// The morning e-mail after a nightly refresh (README "Morning e-mail"): the choices, the figures a refresh
// hands over, what is wrong, and the message itself. Plain TypeScript; src/platform/morning-email.ts sends it.
export { composeMorningEmail, escapeHtml, type MorningEmail, type MorningReport } from './compose';
export {
  type HeadlineFigure,
  MORNING_DAYS,
  type MorningDay,
  type MorningFigures,
  morningFigures,
  TOP_BOOKS,
  type TopBook,
} from './figures';
export { changeText, countText, moneyText } from './format';
export {
  LAST_REFRESH_PROPERTY,
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
  REFRESHED_BY_WORDS,
} from './last-refresh';
export {
  DEFAULT_MORNING_EMAIL,
  MORNING_EMAIL_LABELS,
  MORNING_EMAIL_MODES,
  type MorningEmailMode,
  MorningEmailModeError,
  morningEmailMode,
  sendsTonight,
  storedMorningEmailMode,
} from './mode';
export {
  BOOKS_NOT_CHOSEN,
  type BookFigure,
  type BooksBefore,
  FIRST_REFRESH,
  figuresBasis,
  MOVERS,
  type MovedBooks,
  type Mover,
  movedBooks,
  NOT_NIGHTLY,
  rankMovers,
} from './movers';
export { ALREADY_SENT, emailFailed, emailSent, emailWentWrong, NO_ADDRESS, NO_QUOTA } from './outcome';
export { morningProblems, type ProblemSources, platformProblems, tabProblems } from './problems';
