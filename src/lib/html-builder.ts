// The one HTML builder of the fixture web's pages and the view's report: template values are escaped unless they are
// markup that `html` built (or `raw` was given), arrays are joined. The report renders untrusted records with it, so
// the only way to unescaped markup is `raw`, for constants of the code, never for data.

/** Markup known to be safe: built by `html`, or a trusted constant passed to `raw`. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

/**
 * What a template may hold. `false`, null and undefined vanish (`${cond && html`…`}`); `true` is no value, so a
 * condition that picks no markup fails to compile instead of printing "true" or vanishing unseen.
 */
export type HtmlValue = Html | string | number | false | null | undefined | readonly HtmlValue[]

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}

/** Text made safe for HTML content and for quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Html) return value.markup
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('')
  return escapeHtml(String(value))
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested `html` fragments pass through. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!
  return new Html(out)
}

/** Trusted markup (constants of the code, never record data), passed through unescaped. */
export function raw(markup: string): Html {
  return new Html(markup)
}

/** Joins fragments with nothing between them. */
export function join(parts: readonly HtmlValue[]): Html {
  return new Html(render(parts))
}
