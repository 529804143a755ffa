// Granular consent over a plain port: the grant asked of Google once, every scope of the manifest unless
// Google says authorisation is required, the scopes of an action asked for before it runs, and a
// permissions line's button that names no feature refused.
import { describe, expect, it } from 'vitest';
import { consentOver } from '../../../src/core/flows/consent.ts';
import { featureScopes, manifestScopes, SCOPES } from '../../../src/core/permissions.ts';

function google(granted: string[] | 'all') {
  const calls = { authorisation: 0, granted: 0 };
  const prompts: string[][] = [];
  const consent = consentOver({
    route: 'bound',
    authorisation() {
      calls.authorisation++;
      return {
        required: granted !== 'all',
        grantedScopes: () => {
          calls.granted++;
          return granted === 'all' ? [] : [...granted];
        },
      };
    },
    requireScopes: (scopes) => prompts.push(scopes),
  });
  return { consent, calls, prompts };
}

describe('granular consent', () => {
  it('takes every scope of the manifest as granted unless Google says authorisation is required', () => {
    const { consent, calls } = google('all');
    expect(consent.notGranted(['email', 'nightly'])).toEqual([]);
    expect(consent.missingNow()).toEqual([]);
    expect(consent.reauthorisationNeeded()).toBe(false);
    expect(calls).toEqual({ authorisation: 1, granted: 0 });
  });

  it('reads what Google lists as granted once, and says what each feature still lacks', () => {
    const { consent, calls } = google([
      SCOPES.spreadsheetsCurrentOnly,
      SCOPES.containerUi,
      SCOPES.userInfoEmail,
    ]);
    expect(consent.notGranted(['email', 'spreadsheet'])).toEqual([SCOPES.sendMail]);
    const missing = consent.missingNow();
    expect(missing.map((m) => m.feature)).toEqual(['api', 'nightly', 'email']);
    expect(missing.find((m) => m.feature === 'email')?.scopes).toEqual([SCOPES.sendMail]);
    expect(consent.reauthorisationNeeded()).toBe(false);
    expect(calls).toEqual({ authorisation: 1, granted: 1 });
  });

  it('needs reauthorisation when Google requires it although every scope is ticked', () => {
    expect(google(manifestScopes('bound')).consent.reauthorisationNeeded()).toBe(true);
  });

  it("asks for an action's scopes, with its arguments, before it runs", () => {
    const { consent, prompts } = google('all');
    const ran: unknown[] = [];
    const setNightly = consent.asking('setNightlyRefresh', (on: boolean) => {
      ran.push(prompts.length);
      return on;
    });
    expect(setNightly(true)).toBe(true);
    expect(ran).toEqual([1]);
    expect(prompts[0]).toEqual([
      ...new Set([
        ...featureScopes('nightly', 'bound'),
        ...featureScopes('spreadsheet', 'bound'),
        ...featureScopes('api', 'bound'),
      ]),
    ]);
    consent.asking('setNightlyRefresh', (_on: boolean) => null)(false);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).not.toContain(SCOPES.externalRequest);
  });

  it("asks for a permissions line's feature, and refuses one the sidebar does not list", () => {
    const { consent, prompts } = google([SCOPES.containerUi]);
    expect(consent.askForPermission('email').map((m) => m.feature)).toContain('email');
    expect(prompts).toEqual([featureScopes('email', 'bound')]);
    expect(() => consent.askForPermission('everything')).toThrow(
      'Choose one of the features the sidebar lists.',
    );
    expect(prompts).toHaveLength(1);
  });
});
