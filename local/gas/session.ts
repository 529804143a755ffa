// Session and User: who runs the code, in which time zone.
import { GasObject } from './gas-object.ts';

export class User extends GasObject {
  readonly _class = 'User';

  constructor(
    env: ConstructorParameters<typeof GasObject>[0],
    readonly _email: string,
  ) {
    super(env);
  }

  getEmail(): string {
    return this._env.world.withheldEmails.has(this._email) ? '' : this._email;
  }
}

export class Session extends GasObject {
  readonly _class = 'Session';

  /** '' where Google hides the user: an editor's custom function, a trigger someone else created. */
  getActiveUser(): User {
    return new User(this._env, this._env.exec.activeUser);
  }
  getEffectiveUser(): User {
    return new User(
      this._env,
      this._env.exec.mode === 'CUSTOM_FUNCTION' ? this._env.exec.activeUser : this._env.exec.effectiveUser,
    );
  }
  getScriptTimeZone(): string {
    return this._env.world.manifest.timeZone ?? this._env.world.spreadsheet.timeZone;
  }
  getActiveUserLocale(): string {
    return 'en';
  }
  getTemporaryActiveUserKey(): string {
    return `temp-${Buffer.from(this._env.exec.effectiveUser).toString('base64url')}`;
  }
}
