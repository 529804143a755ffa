// LockService. Executions run one after another here, so a lock is only ever contended when a test
// says another execution holds it (Emulator.switches.holdLock); waiting then advances the clock.
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
    const until = locks.heldUntil(this._name, clock.now());
    if (until !== null) {
      const wait = Math.min(Math.max(0, Number(timeoutInMillis) || 0), until - clock.now());
      clock.advance(wait);
      if (locks.heldUntil(this._name, clock.now()) !== null) return false;
    }
    this._held = true;
    return true;
  }
  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) throw new GasError(messages.lockTimeout);
  }
  releaseLock(): void {
    this._held = false;
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
