// Helpers for the demo API tests: real HTTP GETs with fetch, and narrowing of JSON without `any`.

import { type DemoApiHandle, type DemoApiOptions, startDemoApi } from '../../local/demo-api/index.ts';

export const TODAY = '2026-11-20';

export interface Got {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** GET `path` (relative to /v1) with the demo key unless `key` says otherwise (null: no header). */
export async function get(api: DemoApiHandle, path: string, key: string | null = api.demoKey): Promise<Got> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function rec(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`expected an object, got ${JSON.stringify(value)?.slice(0, 80)}`);
  }
  return value as Record<string, unknown>;
}

export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value))
    throw new TypeError(`expected an array, got ${JSON.stringify(value)?.slice(0, 80)}`);
  return value;
}

export function num(value: unknown): number {
  if (typeof value !== 'number') throw new TypeError(`expected a number, got ${JSON.stringify(value)}`);
  return value;
}

export function str(value: unknown): string {
  if (typeof value !== 'string')
    throw new TypeError(`expected a string, got ${JSON.stringify(value)?.slice(0, 80)}`);
  return value;
}

/** A field by dotted path, numbers indexing arrays: at(body, 'meta.truncated'), at(body, 'books.0.title'). */
export function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) => (Array.isArray(current) ? current[Number(key)] : rec(current)[key]),
      value,
    );
}

/** GET that must succeed; returns the parsed body. */
export async function ok(api: DemoApiHandle, path: string, key?: string): Promise<Record<string, unknown>> {
  const got = await get(api, path, key);
  if (got.status !== 200) throw new Error(`${path} answered ${got.status}: ${got.text.slice(0, 200)}`);
  return rec(got.json);
}

/** Day arithmetic for expectations, independent of the server's code. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** Runs `use` against a server of its own, stopped afterwards whatever happens. */
export async function withApi<T>(
  options: DemoApiOptions,
  use: (api: DemoApiHandle) => Promise<T>,
): Promise<T> {
  const api = await startDemoApi(options);
  try {
    return await use(api);
  } finally {
    await api.stop();
  }
}
