// The fixture web's pages are built with the shared HTML builder; links add query strings.
export {escapeHtml, html, join, raw, type Html} from '../html-builder.js'

/** A query string from fields, dropping empty ones: `{q: 'tent', page: 2}` → `?q=tent&page=2`. */
export function queryString(fields: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(fields))
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
