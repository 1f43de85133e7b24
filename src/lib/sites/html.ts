// A tiny HTML builder: template values are escaped unless they are already Html, arrays are joined.

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[]

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

function render(value: Value): string {
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) return value.map((item) => render(item)).join('')
  if (value === null || value === undefined || value === false || value === true) return ''
  return escapeHtml(String(value))
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested `html` fragments pass through. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!
  return new Html(out)
}

/** Trusted markup, passed through unescaped. */
export function raw(markup: string): Html {
  return new Html(markup)
}

/** Joins fragments with nothing between them. */
export function join(parts: readonly Value[]): Html {
  return new Html(render(parts))
}

/** A query string from fields, dropping empty ones: `{q: 'tent', page: 2}` → `?q=tent&page=2`. */
export function queryString(fields: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(fields))
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
