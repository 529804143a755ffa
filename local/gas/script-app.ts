// ScriptApp: time-based triggers with the add-on rules (one time-based trigger per user per document,
// at most hourly, 20 per user; docs/apps-script.md, "Triggers"), authorization info and the enums.
// The hour is read in the trigger's zone (trigger-schedule.ts); whether getUserTriggers(spreadsheet)
// lists clock triggers is a test switch (types.ts, EmulatorOptions.userTriggersListClock).
import { strictEnum } from './binding.ts';
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages, typeNames } from './messages.ts';
import { grantedScopes } from './scopes.ts';
import { type TriggerModel, TriggerStore } from './state.ts';
import { wallTime } from './zone.ts';

export { TriggerStore };

const MAX_TRIGGERS_PER_USER = 20;

const AuthMode = strictEnum('ScriptApp.AuthMode', {
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
});

export class Trigger extends GasObject {
  readonly _class = 'Trigger';

  constructor(
    env: Env,
    readonly _model: TriggerModel,
  ) {
    super(env);
  }

  getHandlerFunction(): string {
    return this._model.handler;
  }
  getUniqueId(): string {
    return this._model.id;
  }
  getEventType(): string {
    return 'CLOCK';
  }
  getTriggerSource(): string {
    return 'CLOCK';
  }
  getTriggerSourceId(): string | null {
    return null;
  }
}

export class ClockTriggerBuilder extends GasObject {
  readonly _class = 'ClockTriggerBuilder';
  _everyDays?: number;
  _everyHours?: number;
  _atHour?: number;
  _timeZone?: string;

  constructor(
    env: Env,
    readonly _handler: string,
  ) {
    super(env);
  }

  everyDays(n: number): ClockTriggerBuilder {
    if (!Number.isInteger(n) || n < 1) throw new GasError(messages.invalidArgument('everyDays'));
    this._everyDays = n;
    return this;
  }
  everyHours(n: number): ClockTriggerBuilder {
    if (!Number.isInteger(n) || n < 1) throw new GasError(messages.triggerTooFrequent);
    this._everyHours = n;
    return this;
  }
  everyMinutes(_n: number): ClockTriggerBuilder {
    throw new GasError(messages.triggerTooFrequent);
  }
  atHour(hour: number): ClockTriggerBuilder {
    if (!Number.isInteger(hour) || hour < 0 || hour > 23)
      throw new GasError(messages.invalidArgument('hour'));
    this._atHour = hour;
    return this;
  }
  /** Google picks a minute within the hour; the emulator accepts and ignores the hint. */
  nearMinute(_minute: number): ClockTriggerBuilder {
    return this;
  }
  /** An IANA zone ("Europe/London"); anything else is refused (wallTime throws Invalid argument). */
  inTimezone(timezone: string): ClockTriggerBuilder {
    const zone = String(timezone);
    wallTime(0, zone);
    this._timeZone = zone;
    return this;
  }
  create(): Trigger {
    const { exec, world } = this._env;
    if (this._everyDays === undefined && this._everyHours === undefined)
      throw new GasError(messages.invalidArgument('a time-based trigger needs everyDays or everyHours'));
    const documentId = world.spreadsheet.id;
    const mine = world.triggers.all.filter((t) => t.user === exec.effectiveUser);
    // The one-per-document rule is the add-on's (workspace/add-ons/concepts/editor-triggers); a bound script has none.
    if (world.deployment !== 'bound' && mine.some((t) => t.documentId === documentId))
      throw new GasError(messages.tooManyTriggers);
    if (mine.length >= MAX_TRIGGERS_PER_USER) throw new GasError(messages.tooManyUserTriggers);
    const model: TriggerModel = {
      id: world.triggers.newId(),
      handler: this._handler,
      user: exec.effectiveUser,
      type: 'CLOCK',
      documentId,
      ...(this._everyDays !== undefined ? { everyDays: this._everyDays } : {}),
      ...(this._everyHours !== undefined ? { everyHours: this._everyHours } : {}),
      ...(this._atHour !== undefined ? { atHour: this._atHour } : {}),
      timeZone: this._timeZone ?? world.manifest.timeZone ?? world.spreadsheet.timeZone,
    };
    world.triggers.all.push(model);
    return new Trigger(this._env, model);
  }
}

export class TriggerBuilder extends GasObject {
  readonly _class = 'TriggerBuilder';

  constructor(
    env: Env,
    readonly _handler: string,
  ) {
    super(env);
  }

  timeBased(): ClockTriggerBuilder {
    return new ClockTriggerBuilder(this._env, this._handler);
  }
}

export class AuthorizationInfo extends GasObject {
  readonly _class = 'AuthorizationInfo';

  constructor(
    env: Env,
    readonly _required: boolean,
    /** The scopes asked about that the user granted. */
    readonly _authorized: readonly string[],
  ) {
    super(env);
  }

  /** reference/script/authorization-info: the scopes granted among those asked about (all the script's
   *  when getAuthorizationInfo was given none). */
  getAuthorizedScopes(): string[] {
    return [...this._authorized];
  }

  getAuthorizationStatus(): string {
    return this._required ? 'REQUIRED' : 'NOT_REQUIRED';
  }
  getAuthorizationUrl(): string | null {
    return this._required ? 'https://script.google.com/macros/authorize' : null;
  }
}

export class ScriptApp extends GasObject {
  readonly _class = 'ScriptApp';
  readonly AuthMode = AuthMode;
  readonly AuthorizationStatus = strictEnum('ScriptApp.AuthorizationStatus', {
    REQUIRED: 'REQUIRED',
    NOT_REQUIRED: 'NOT_REQUIRED',
  });
  readonly EventType = strictEnum('ScriptApp.EventType', {
    CLOCK: 'CLOCK',
    ON_OPEN: 'ON_OPEN',
    ON_EDIT: 'ON_EDIT',
    ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
    ON_CHANGE: 'ON_CHANGE',
  });
  readonly TriggerSource = strictEnum('ScriptApp.TriggerSource', {
    SPREADSHEETS: 'SPREADSHEETS',
    CLOCK: 'CLOCK',
    FORMS: 'FORMS',
    DOCUMENTS: 'DOCUMENTS',
    CALENDAR: 'CALENDAR',
  });

  _mine(): Trigger[] {
    const { exec, world } = this._env;
    return world.triggers.all
      .filter((t) => t.user === exec.effectiveUser)
      .map((t) => new Trigger(this._env, t));
  }

  newTrigger(functionName: string): TriggerBuilder {
    if (typeof functionName !== 'string')
      throw new GasError(messages.signature('ScriptApp.newTrigger', typeNames([functionName])));
    return new TriggerBuilder(this._env, functionName);
  }
  /** The current user's triggers in this project (a user never sees another user's triggers). */
  getProjectTriggers(): Trigger[] {
    return this._mine();
  }
  /** "All installable triggers owned by this user in the given spreadsheet, for this script or add-on
   *  only": time-based triggers only under the userTriggersListClock reading (they have no source id). */
  getUserTriggers(_document: unknown): Trigger[] {
    const { world } = this._env;
    if (!world.readings.userTriggersListClock) return [];
    return this._mine().filter((t) => t._model.documentId === world.spreadsheet.id);
  }
  deleteTrigger(trigger: Trigger): void {
    if (!(trigger instanceof Trigger))
      throw new GasError(messages.signature('ScriptApp.deleteTrigger', typeNames([trigger])));
    const all = this._env.world.triggers.all;
    const i = all.indexOf(trigger._model);
    if (i >= 0 && trigger._model.user === this._env.exec.effectiveUser) all.splice(i, 1);
  }
  /** For the scopes given, else every scope of the manifest: REQUIRED while any is not granted (or the
   *  user must re-authorise: switches.requireAuthorization). */
  getAuthorizationInfo(authMode: string, scopes?: string[]): AuthorizationInfo {
    const { exec, world } = this._env;
    const asked = this._asked(authMode, scopes, 'ScriptApp.getAuthorizationInfo');
    const granted = grantedScopes(world, exec.effectiveUser);
    const authorized = granted === null ? asked : asked.filter((s) => granted.includes(s));
    const required = world.authorizationRequired.has(exec.effectiveUser) || authorized.length < asked.length;
    return new AuthorizationInfo(this._env, required, authorized);
  }
  /**
   * Ends the execution with a consent prompt for the scopes given that are not yet granted; returns when all
   * are. Google's page says it "ends the current execution" and prompts; only an execution a user started
   * in front of the document (a menu item, a sidebar call) can show a prompt: a custom function or a trigger
   * cannot (reference/script/script-app; concepts/scopes, "Handle granular consent"), and ends without one.
   */
  requireScopes(authMode: string, scopes: string[]): void {
    if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string'))
      throw new GasError(messages.signature('ScriptApp.requireScopes', typeNames([authMode, scopes])));
    this._require(this.getAuthorizationInfo(authMode, scopes), scopes);
  }
  /** requireScopes for every scope of the manifest. */
  requireAllScopes(authMode: string): void {
    this._require(
      this.getAuthorizationInfo(authMode),
      this._asked(authMode, undefined, 'ScriptApp.requireAllScopes'),
    );
  }
  _require(info: AuthorizationInfo, asked: readonly string[]): void {
    if (!info._required) return;
    const { exec, world } = this._env;
    const missing = asked.filter((s) => !info._authorized.includes(s));
    if (exec.kind === 'menu' && exec.mode === 'FULL')
      world.consentPrompts.push({ user: exec.effectiveUser, scopes: missing.length ? missing : [...asked] });
    throw new GasError(messages.authorizationRequired);
  }
  _asked(authMode: string, scopes: string[] | undefined, method: string): readonly string[] {
    if (!Object.values(AuthMode).includes(authMode as never))
      throw new GasError(messages.signature(method, typeNames([authMode])));
    return scopes ?? this._env.world.manifest.oauthScopes ?? [];
  }
  getScriptId(): string {
    return 'emulated-script-id';
  }
}
