// Records are untrusted: every value that reaches a page goes through `html`, which escapes it unless it is markup
// that `html` itself built. Nothing else in src/lib/view concatenates strings into pages.

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}

/** Text made safe for HTML content and for quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/** Markup known to be safe: built by `html`, or a trusted constant passed to `raw`. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

/** Trusted markup (constants of this module, never record data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup)
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[]

/** A template literal whose interpolations are escaped; arrays are joined, null and undefined vanish. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]
  })
  return new SafeHtml(out)
}

function render(value: Part): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(value)
}

/** A URL safe to link to: http(s) only, so a record cannot plant a javascript: link; null otherwise. */
export function linkableUrl(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const {protocol} = new URL(url)
    return protocol === 'http:' || protocol === 'https:' ? url : null
  } catch {
    return null
  }
}
