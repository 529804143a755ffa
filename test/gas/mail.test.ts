// MailApp: its scope, its refusal where Google refuses it, the daily recipients quota, the kept messages.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
  function send(to) {
    MailApp.sendEmail({ to: to, subject: 'Morning', body: 'plain', htmlBody: '<p>html</p>', name: 'Royalties', noReply: true });
  }
  function sendPlain(to) { MailApp.sendEmail(to, 'Short', 'just text'); }
  function left() { return MailApp.getRemainingDailyQuota(); }
  function noSubject() { MailApp.sendEmail({ to: 'a@example.com', body: 'x' }); }
  function ROYALTIES_MAIL() { MailApp.sendEmail('a@example.com', 's', 'b'); return 1; }`;
const HOUR = 3_600_000;

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('MailApp', () => {
  it('keeps each message with its sender and time, in both forms of sendEmail', () => {
    emulator = emulatorFor(CODE);
    emulator.run('send', ['owner@example.com']);
    emulator.run('sendPlain', ['someone@example.com'], { as: 'editor@example.com' });
    const [first, second] = emulator.mail.sent();
    expect(first).toEqual({
      from: 'owner@example.com',
      to: 'owner@example.com',
      subject: 'Morning',
      body: 'plain',
      htmlBody: '<p>html</p>',
      name: 'Royalties',
      noReply: true,
      at: emulator.clock.now(),
    });
    expect(second).toMatchObject({ from: 'editor@example.com', body: 'just text', htmlBody: null });
    expect(thrownBy(() => emulator.run('noSubject'))).toBe(messages.signature('MailApp.sendEmail', 'Object'));
  });

  it('counts recipients a day per user, refuses past the quota and gives it back 24 hours later', () => {
    emulator = emulatorFor(CODE);
    emulator.switches.mailRecipientsPerDay(3);
    expect(emulator.run('left')).toBe(3);
    emulator.run('send', ['a@example.com, b@example.com']);
    expect(emulator.run('left')).toBe(1);
    expect(emulator.run('left', [], { as: 'editor@example.com' })).toBe(3);
    expect(thrownBy(() => emulator.run('send', ['c@example.com, d@example.com']))).toBe(messages.mailQuota);
    emulator.run('send', ['c@example.com']);
    expect(emulator.mail.remaining('owner@example.com')).toBe(0);
    emulator.clock.advance(23 * HOUR);
    expect(thrownBy(() => emulator.run('send', ['e@example.com']))).toBe(messages.mailQuota);
    emulator.clock.advance(HOUR);
    expect(emulator.run('left')).toBe(3);
    expect(emulator.mail.sent()).toHaveLength(2);
  });

  it('defaults to a consumer account: 100 recipients a day', () => {
    emulator = emulatorFor(CODE);
    expect(emulator.run('left')).toBe(100);
  });

  it('needs script.send_mail when the manifest lists scopes', () => {
    const scope = 'https://www.googleapis.com/auth/script.send_mail';
    emulator = emulatorFor(CODE, {
      manifest: { oauthScopes: ['https://www.googleapis.com/auth/script.scriptapp'] },
    });
    expect(thrownBy(() => emulator.run('send', ['a@example.com']))).toBe(
      messages.missingScope('MailApp.sendEmail', scope),
    );
    expect(thrownBy(() => emulator.run('left'))).toBe(
      messages.missingScope('MailApp.getRemainingDailyQuota', scope),
    );
    emulator.close();
    emulator = emulatorFor(CODE, { manifest: { oauthScopes: [scope] } });
    emulator.run('send', ['a@example.com']);
    expect(emulator.mail.sent()).toHaveLength(1);
  });

  it('is refused in a custom function, a simple trigger and to a user who must re-authorise', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.runCustomFunction('ROYALTIES_MAIL', []))).toBe(
      messages.permission('MailApp.sendEmail'),
    );
    expect(thrownBy(() => emulator.run('send', ['a@example.com'], { mode: 'LIMITED' }))).toBe(
      messages.permission('MailApp.sendEmail'),
    );
    emulator.switches.requireAuthorization('owner@example.com', true, { refuse: ['MailApp'] });
    expect(thrownBy(() => emulator.run('send', ['a@example.com']))).toBe(messages.authorizationRequired);
    expect(emulator.mail.sent()).toEqual([]);
  });

  it('a send failure set by failCall throws once and keeps nothing', () => {
    emulator = emulatorFor(CODE);
    emulator.switches.failCall('MailApp.sendEmail', { message: 'Mail service failed.' });
    expect(thrownBy(() => emulator.run('send', ['a@example.com']))).toBe('Mail service failed.');
    emulator.run('send', ['a@example.com']);
    expect(emulator.mail.sent()).toHaveLength(1);
  });
});
