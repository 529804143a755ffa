// A sidebar refresh runs in several executions (refresh-parts.ts) and holds the document lock only while
// it starts and while it writes, so it claims the spreadsheet in between: a document property with its
// run id. Every other refresh (another sidebar, the menu, the nightly) is refused while a claim is live, as
// it is refused while another holds the lock. A claim lives at most one execution's time (the parts'), so
// a sidebar closed midway does not block refreshes for long; its start record then reports it as stopped.
import { EXECUTION_LIMIT_MS } from '../core/refresh';
import { isObject, parseJson } from '../core/unknown';
import { documentStore } from './document';

const CLAIM_PROPERTY = 'royalties.refresh.claim';
/** The parts, each one execution at most; the finish holds the document lock itself. */
const CLAIM_LIFETIME_MS = EXECUTION_LIMIT_MS;

interface RefreshClaim {
  readonly runId: string;
  /** ms since the epoch. */
  readonly startedAt: number;
  /** How many parts the sidebar was told to ask for. */
  readonly parts: number;
}

/** The live claim, or null (none, unreadable, or older than a claim lives). Read under the document lock. */
export function liveClaim(now = Date.now()): RefreshClaim | null {
  const raw = parseJson(documentStore().getProperty(CLAIM_PROPERTY));
  if (!isObject(raw) || typeof raw.runId !== 'string' || typeof raw.startedAt !== 'number') return null;
  if (now - raw.startedAt >= CLAIM_LIFETIME_MS) return null;
  return { runId: raw.runId, startedAt: raw.startedAt, parts: typeof raw.parts === 'number' ? raw.parts : 0 };
}

export function writeClaim(claim: RefreshClaim): void {
  documentStore().setProperty(CLAIM_PROPERTY, JSON.stringify(claim));
}

export function clearClaim(): void {
  documentStore().deleteProperty(CLAIM_PROPERTY);
}
