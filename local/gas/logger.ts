// Logger and console: every line is kept in order (Emulator.logs) and scanned for leaked keys.
import { format } from 'node:util';
import { GasObject } from './gas-object.ts';

function line(args: unknown[]): string {
  return format(...args.map(shown));
}

function shown(a: unknown): unknown {
  if (a === null || typeof a !== 'object') return a;
  // Errors from the script's realm are not `instanceof Error` here.
  if (Object.prototype.toString.call(a) === '[object Error]') {
    const e = a as Error;
    return `${e.name}: ${e.message}`;
  }
  return safeJson(a);
}

function safeJson(v: object): unknown {
  try {
    return JSON.stringify(v);
  } catch {
    return v;
  }
}

export class Logger extends GasObject {
  readonly _class = 'Logger';
  readonly _lines: string[] = [];

  log(...args: unknown[]): Logger {
    const text = line(args);
    this._lines.push(text);
    this._env.world.accounting.log(text);
    return this;
  }
  getLog(): string {
    return this._lines.map((l) => `${l}\n`).join('');
  }
  clear(): void {
    this._lines.length = 0;
  }
}

export class Console extends GasObject {
  readonly _class = 'console';

  _log(level: string, args: unknown[]): void {
    const text = line(args);
    this._env.world.accounting.log(
      level === 'log' || level === 'info' ? text : `${level.toUpperCase()}: ${text}`,
    );
  }
  log(...args: unknown[]): void {
    this._log('log', args);
  }
  info(...args: unknown[]): void {
    this._log('info', args);
  }
  warn(...args: unknown[]): void {
    this._log('warn', args);
  }
  error(...args: unknown[]): void {
    this._log('error', args);
  }
  debug(...args: unknown[]): void {
    this._log('debug', args);
  }
}
