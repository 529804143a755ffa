// HtmlService: outputs from the built HTML files in dist/, and templates with <?= ?> and <?!= ?>
// printing scriptlets. Code scriptlets (<? … ?>) are not emulated.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strictEnum } from './binding.ts';
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages } from './messages.ts';

function readHtmlFile(env: Env, filename: string): string {
  const name = String(filename).replace(/\.html$/, '');
  const file = path.join(env.world.distDir, `${name}.html`);
  if (!existsSync(file)) throw new GasError(messages.noHtmlFile(name));
  return readFileSync(file, 'utf8');
}

export class HtmlOutput extends GasObject {
  readonly _class = 'HtmlOutput';
  _title = '';
  _width = 300;
  _height = 0;

  constructor(
    env: Env,
    public _content: string,
  ) {
    super(env);
  }

  getContent(): string {
    return this._content;
  }
  setContent(content: string): HtmlOutput {
    this._content = String(content);
    return this;
  }
  append(addedContent: string): HtmlOutput {
    this._content += String(addedContent);
    return this;
  }
  getTitle(): string {
    return this._title;
  }
  setTitle(title: string): HtmlOutput {
    this._title = String(title);
    return this;
  }
  setWidth(width: number): HtmlOutput {
    this._width = width;
    return this;
  }
  getWidth(): number {
    return this._width;
  }
  setHeight(height: number): HtmlOutput {
    this._height = height;
    return this;
  }
  getHeight(): number {
    return this._height;
  }
  /** IFRAME is the only mode left; the call changes nothing. */
  setSandboxMode(_mode: string): HtmlOutput {
    return this;
  }
  setXFrameOptionsMode(_mode: string): HtmlOutput {
    return this;
  }
  addMetaTag(name: string, content: string): HtmlOutput {
    this._content = `<meta name="${name}" content="${content}">${this._content}`;
    return this;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A template's variables are the properties the script assigns to it (`template.state = …`). */
export class HtmlTemplate extends GasObject {
  readonly _class = 'HtmlTemplate';
  override readonly _assigned = new Map<string, unknown>();

  constructor(
    env: Env,
    readonly _source: string,
    readonly _evaluateIn: (expression: string, vars: Map<string, unknown>) => unknown,
  ) {
    super(env);
  }

  getRawContent(): string {
    return this._source;
  }
  evaluate(): HtmlOutput {
    if (/<\?(?![=!])/.test(this._source))
      throw new GasError(messages.notEmulated('HtmlTemplate.evaluate with <? code ?> scriptlets'));
    const html = this._source.replace(/<\?(!?=)([\s\S]*?)\?>/g, (_m, kind: string, expr: string) => {
      const value = String(this._evaluateIn(expr.trim(), this._assigned));
      return kind === '!=' ? value : escapeHtml(value);
    });
    return new HtmlOutput(this._env, html);
  }
}

export class HtmlService extends GasObject {
  readonly _class = 'HtmlService';
  readonly SandboxMode = strictEnum('HtmlService.SandboxMode', {
    IFRAME: 'IFRAME',
    NATIVE: 'NATIVE',
    EMULATED: 'EMULATED',
  });
  readonly XFrameOptionsMode = strictEnum('HtmlService.XFrameOptionsMode', {
    ALLOWALL: 'ALLOWALL',
    DEFAULT: 'DEFAULT',
  });

  constructor(
    env: Env,
    readonly _evaluateIn: (expression: string, vars: Map<string, unknown>) => unknown,
  ) {
    super(env);
  }

  createHtmlOutput(html?: string): HtmlOutput {
    return new HtmlOutput(this._env, html === undefined ? '' : String(html));
  }
  createHtmlOutputFromFile(filename: string): HtmlOutput {
    return new HtmlOutput(this._env, readHtmlFile(this._env, filename));
  }
  createTemplate(html: string): HtmlTemplate {
    return new HtmlTemplate(this._env, String(html), this._evaluateIn);
  }
  createTemplateFromFile(filename: string): HtmlTemplate {
    return new HtmlTemplate(this._env, readHtmlFile(this._env, filename), this._evaluateIn);
  }
}
