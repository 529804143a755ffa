// LockService. A lock is contended when a test says another execution holds it (Emulator.switches.holdLock;
// waiting then advances the clock), or when an execution run while another waits for HTTP
// (EmulatorOptions.whileWaiting) asks for a lock the other holds: that one cannot let go while the other
// waits, so the wait runs out.
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages } from './messages.ts';
import { LockState } from './state.ts';

export { LockState };

export class Lock extends GasObject {
  readonly _class = 'Lock';
  _held = false;

  constructor(
    env: Env,
    readonly _name: string,
  ) {
    super(env);
  }

  tryLock(timeoutInMillis: number): boolean {
    const { clock, locks } = this._env.world;
    const wait = Math.max(0, Number(timeoutInMillis) || 0);
    if (locks.heldByOther(this._name, this._env.exec)) {
      clock.advance(wait);
      return false;
    }
    const until = locks.heldUntil(this._name, clock.now());
    if (until !== null) {
      clock.advance(Math.min(wait, until - clock.now()));
      if (locks.heldUntil(this._name, clock.now()) !== null) return false;
    }
    this._held = true;
    if (this._env.counted) locks.heldBy.set(this._name, this._env.exec);
    return true;
  }
  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) throw new GasError(messages.lockTimeout);
  }
  releaseLock(): void {
    this._held = false;
    const { locks } = this._env.world;
    if (locks.heldBy.get(this._name) === this._env.exec) locks.heldBy.delete(this._name);
  }
  hasLock(): boolean {
    return this._held;
  }
}

export function lockName(kind: 'document' | 'user' | 'script', user: string, documentId: string): string {
  if (kind === 'script') return 'script';
  if (kind === 'document') return `document:${documentId}`;
  return `user:${user}`;
}

export class LockService extends GasObject {
  readonly _class = 'LockService';

  _lock(kind: 'document' | 'user' | 'script'): Lock {
    const { exec, world } = this._env;
    return new Lock(this._env, lockName(kind, exec.effectiveUser, world.spreadsheet.id));
  }
  /** Null where no document is active (EmulatorOptions.clockTriggerHasDocument). */
  getDocumentLock(): Lock | null {
    if (!this._env.exec.hasDocument) return null;
    return this._lock('document');
  }
  getUserLock(): Lock {
    return this._lock('user');
  }
  getScriptLock(): Lock {
    return this._lock('script');
  }
}
