import type { HelperOptions } from 'hbs';
import hbs from 'hbs';
import type { FormState } from './forms';
import { newOnceKey, ONCE_FIELD } from './one-time-key';

const { escapeExpression: esc, SafeString } = hbs.handlebars;

interface FieldOption {
  value: unknown;
  label: unknown;
}

function rootOf(options: HelperOptions): Record<string, unknown> {
  return (options.data?.root ?? {}) as Record<string, unknown>;
}

function formOf(options: HelperOptions): FormState | undefined {
  return (options.hash.form ?? rootOf(options).form) as FormState | undefined;
}

function attr(name: string, value: unknown): string {
  if (value === undefined || value === null || value === false || value === '') return '';
  return value === true ? ` ${name}` : ` ${name}="${esc(String(value))}"`;
}

function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * `{{field "nameZh" label=(t "nameZh") required=true}}`: label, control, hint and the refusal's
 * reason beside the field (web/README.md), the value kept from `form.values` (else `value=`).
 */
function field(name: string, options: HelperOptions): hbs.SafeString {
  const h = options.hash as Record<string, unknown>;
  const form = formOf(options);
  const type = (h.type as string | undefined) ?? 'text';
  const id = (h.id as string | undefined) ?? fieldId(name);
  const given = form?.values && name in form.values ? form.values[name] : h.value;
  const error = form?.errors?.[name];
  const described = [error ? `${id}-error` : '', h.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common =
    attr('id', id) +
    attr('name', name) +
    attr('required', h.required === true) +
    attr('aria-invalid', error ? 'true' : undefined) +
    attr('aria-describedby', described || undefined) +
    attr('autocomplete', h.autocomplete) +
    attr('placeholder', h.placeholder) +
    attr('disabled', h.disabled === true) +
    attr('readonly', h.readonly === true) +
    attr('form', h.formId);
  const required = h.required === true ? ' <span class="required" aria-hidden="true">*</span>' : '';
  const label = `<label for="${esc(id)}">${esc(String(h.label ?? name))}${required}</label>`;
  let control: string;
  switch (type) {
    case 'textarea':
      control = `<textarea${common}${attr('rows', h.rows ?? 6)}${attr('maxlength', h.maxlength)}${attr('spellcheck', h.spellcheck)}>${esc(given === undefined ? '' : String(given))}</textarea>`;
      break;
    case 'select': {
      const choices = (h.options as FieldOption[] | undefined) ?? [];
      const selected = Array.isArray(given) ? given.map(String) : given === undefined || given === null ? [] : [String(given)];
      const blank = h.blank !== undefined ? `<option value="">${esc(String(h.blank))}</option>` : '';
      control =
        `<select${common}${attr('multiple', h.multiple === true)}${attr('size', h.size)}>${blank}` +
        choices
          .map((o) => `<option value="${esc(String(o.value))}"${selected.includes(String(o.value)) ? ' selected' : ''}>${esc(String(o.label))}</option>`)
          .join('') +
        '</select>';
      break;
    }
    case 'checkbox': {
      const checked = form?.values && name in form.values ? given === 'on' || given === true || given === 'true' : h.checked === true || given === true;
      const box = `<input type="checkbox"${common}${attr('value', h.checkboxValue ?? 'on')}${checked ? ' checked' : ''}>`;
      return new SafeString(`<div class="field field-checkbox${error ? ' has-error' : ''}">${box} ${label}${hint(id, h.hint)}${errorText(id, error)}</div>`);
    }
    case 'hidden':
      return new SafeString(`<input type="hidden"${attr('name', name)}${attr('value', given)}>`);
    default:
      control =
        `<input${attr('type', type)}${common}` +
        (type === 'file' || type === 'password' ? '' : attr('value', given === undefined || given === null ? undefined : String(given))) +
        attr('min', h.min) +
        attr('max', h.max) +
        attr('step', h.step) +
        attr('maxlength', h.maxlength) +
        attr('pattern', h.pattern) +
        attr('inputmode', h.inputmode) +
        attr('accept', h.accept) +
        attr('list', h.list) +
        attr('data-browser-time-zone', h.browserTimeZone === true) +
        '>';
  }
  return new SafeString(`<div class="field${error ? ' has-error' : ''}">${label}${control}${hint(id, h.hint)}${errorText(id, error)}</div>`);
}

function hint(id: string, text: unknown): string {
  return text ? `<p class="hint" id="${esc(id)}-hint">${esc(String(text))}</p>` : '';
}

function errorText(id: string, reason: string | undefined): string {
  return reason ? `<p class="field-error" id="${esc(id)}-error">${esc(reason)}</p>` : '';
}

/**
 * The hidden fields every posting form carries: the session's CSRF token (when signed in) and a
 * one-time key (web/one-time-key.ts), so that a double click or a resend creates once.
 */
function csrfField(options: HelperOptions): hbs.SafeString {
  const token = rootOf(options).csrfToken;
  return new SafeString((token ? `<input type="hidden" name="_csrf" value="${esc(String(token))}">` : '') + onceInput());
}

/** The one-time key alone (a form that has no {{csrfField}}, e.g. before signing in). */
function onceField(): hbs.SafeString {
  return new SafeString(onceInput());
}

function onceInput(): string {
  return `<input type="hidden" name="${ONCE_FIELD}" value="${newOnceKey()}">`;
}

/** The form-level refusal (a 409, a reason that names no field). */
function formError(options: HelperOptions): hbs.SafeString {
  const error = formOf(options)?.error;
  return new SafeString(error ? `<p class="form-error" role="alert">${esc(error)}</p>` : '');
}

/** Times in the tournament's time zone (`timeZone` of the render; DESIGN.md), in the page's language. */
function formatInZone(value: unknown, options: HelperOptions, style: Intl.DateTimeFormatOptions): string {
  if (value === undefined || value === null || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const root = rootOf(options);
  const timeZone = (options.hash.timeZone as string | undefined) ?? (root.timeZone as string | undefined) ?? 'Asia/Shanghai';
  const locale = root.lang === 'en' ? 'en-GB' : root.lang === 'zh-Hant' ? 'zh-TW' : 'zh-CN';
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, ...style }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...style }).format(date) + ' UTC';
  }
}

export function registerFormHelpers(): void {
  hbs.registerHelper('field', field);
  hbs.registerHelper('csrfField', csrfField);
  hbs.registerHelper('onceField', onceField);
  hbs.registerHelper('formError', formError);
  hbs.registerHelper('datetime', (value: unknown, options: HelperOptions) =>
    formatInZone(value, options, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZoneName: options.hash.zone === false ? undefined : 'short',
    }),
  );
  hbs.registerHelper('date', (value: unknown, options: HelperOptions) => formatInZone(value, options, { year: 'numeric', month: '2-digit', day: '2-digit' }));
  hbs.registerHelper('time', (value: unknown, options: HelperOptions) => formatInZone(value, options, { hour: '2-digit', minute: '2-digit', hour12: false }));
  hbs.registerHelper('json', (value: unknown) => new SafeString(esc(JSON.stringify(value ?? null))));
  hbs.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hbs.registerHelper('and', (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hbs.registerHelper('not', (value: unknown) => !value);
}
