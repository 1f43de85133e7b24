// Records are untrusted: every value that reaches a page goes through `html` (the shared builder), which escapes it
// unless it is markup that `html` itself built. Nothing else in src/lib/view concatenates strings into pages.
export {escapeHtml, html, raw, type Html} from '../html-builder.js'

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
