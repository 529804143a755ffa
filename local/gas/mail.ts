// MailApp (reference/mail/mail-app): sends as the effective user and keeps every message for tests.
// Quotas count recipients, not messages (guides/services/quotas: "Email recipients per day", 100 for a
// consumer account, 1,500 for Workspace). Google says a quota refreshes "at the end of a 24-hour window"
// whose time varies by user, so the emulator counts the recipients of the last 24 hours (rolling), the
// reading that never gives back quota early. Past it, sendEmail throws Google's quota text.
import { GasObject } from './gas-object.ts';
import { GasError, messages, typeNames } from './messages.ts';
import { recipientsOf } from './state.ts';
import type { SentMail } from './types.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export class MailApp extends GasObject {
  readonly _class = 'MailApp';

  getRemainingDailyQuota(): number {
    const { mail, clock } = this._env.world;
    return Math.max(0, mail.dailyRecipients - mail.usedBy(this._env.exec.effectiveUser, clock.now()));
  }

  /** sendEmail(message) and sendEmail(recipient, subject, body[, options]); the other form is not emulated. */
  sendEmail(...args: unknown[]): void {
    const message = this._message(args);
    const to = recipientsOf(message.to);
    if (to.length === 0) throw new GasError(messages.invalidArgument('recipient'));
    if (to.length > this.getRemainingDailyQuota()) throw new GasError(messages.mailQuota);
    const { mail, clock } = this._env.world;
    mail.sent.push({ ...message, from: this._env.exec.effectiveUser, at: clock.now() });
    this._env.capture([message.subject, message.body, message.htmlBody ?? ''].join('\n'));
  }

  _message(args: unknown[]): Omit<SentMail, 'from' | 'at'> {
    const [first, subject, body, options] = args;
    const fields =
      args.length === 1 && first !== null && typeof first === 'object'
        ? (first as Record<string, unknown>)
        : args.length >= 3 && typeof first === 'string'
          ? { ...((options as Record<string, unknown> | undefined) ?? {}), to: first, subject, body }
          : null;
    const to = fields && text(fields.to);
    const subjectText = fields && text(fields.subject);
    // Google needs a body or an htmlBody; the plain body may be empty beside an htmlBody.
    const bodyText = fields ? (text(fields.body) ?? (text(fields.htmlBody) === null ? null : '')) : null;
    if (to === null || subjectText === null || bodyText === null)
      throw new GasError(messages.signature('MailApp.sendEmail', typeNames(args)));
    return {
      to,
      subject: subjectText,
      body: bodyText,
      htmlBody: text(fields!.htmlBody),
      name: text(fields!.name),
      noReply: fields!.noReply === true,
    };
  }
}
