// The one way a record's text is cut to its cap: as many of its first characters (Unicode code points: a surrogate
// pair is never split) as leave room for a marker with the text's whole length, so that the cut text is CAP
// characters, e.g. `Breaking news…[cut: 12582912 chars]`. Cutting a cut text to the same cap leaves it as it is.
// Readers (the prompts, the report, the trainer) show the marker as it is; `cutLength` reads the length back.

const MARKER = /…\[cut: (\d+) chars\]$/

/** The marker that ends a cut text: its length before the cut, in characters. */
export function cutMarker(length: number): string {
  return `…[cut: ${length} chars]`
}

/** `text` when it has at most `maxChars` characters, else its head and the cut marker, `maxChars` characters in all. */
export function cutText<T extends string | null | undefined>(text: T, maxChars: number): T {
  return cut(text, maxChars, false)
}

/**
 * cutText for a text that may have been cut already (to a larger cap): the marker keeps the length the earlier one
 * gave (never less than the text's own length, whatever a page wrote at the end of its title).
 */
export function cutAgain<T extends string | null | undefined>(text: T, maxChars: number): T {
  return cut(text, maxChars, true)
}

/** The length a cut text had before its cut, or null when it was not cut. */
export function cutLength(text: string | null | undefined): number | null {
  const found = typeof text === 'string' ? MARKER.exec(text) : null
  return found ? Number(found[1]) : null
}

function cut<T extends string | null | undefined>(text: T, maxChars: number, again: boolean): T {
  if (typeof text !== 'string' || text.length <= maxChars) return text
  const count = codePointCount(text)
  if (count <= maxChars) return text
  const marker = cutMarker(Math.max(count, again ? (cutLength(text) ?? 0) : 0))
  return `${text.slice(0, codePointOffset(text, Math.max(0, maxChars - marker.length)))}${marker}` as T
}

/** The offset (UTF-16 units) after the first `count` code points of a text that has more. */
function codePointOffset(text: string, count: number): number {
  let offset = 0
  for (let seen = 0; seen < count; seen++) offset += isPairAt(text, offset) ? 2 : 1
  return offset
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g

/** Characters in a text: its UTF-16 units less one per surrogate pair (a regular expression scans megabytes fast). */
function codePointCount(text: string): number {
  let pairs = 0
  SURROGATE_PAIR.lastIndex = 0
  while (SURROGATE_PAIR.exec(text)) pairs++
  return text.length - pairs
}

function isPairAt(text: string, offset: number): boolean {
  const unit = text.charCodeAt(offset)
  if (unit < 0xd800 || unit > 0xdbff) return false
  const next = text.charCodeAt(offset + 1)
  return next >= 0xdc00 && next <= 0xdfff
}
