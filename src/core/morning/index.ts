// The morning e-mail after a nightly refresh (docs/guide/nightly-and-email.md): the choices, the figures a refresh
// hands over, and the message itself. What is wrong and the last refresh's record are the refresh's own
// (core/refresh/problems.ts, last-refresh.ts), so this folder sits below the refresh. Plain TypeScript;
// src/platform/morning-email.ts sends it.

export { moneyText } from '../report/money';
export { composeMorningEmail, type MorningEmail, type MorningReport } from './compose';
export {
  morningFigures,
  TOP_BOOKS,
} from './figures';
export { changeText } from './format';
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
