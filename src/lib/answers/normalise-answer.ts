// The one way webgym cleans a free-text answer before comparing it: the fixture web's programmatic checks and the
// judge's reference-answer match both use it, so an answer one of them accepts as "the same words" the other does too.

const ARTICLES = new Set(['a', 'an', 'the'])

/**
 * Lower case, accents removed, thousands separators dropped (`1,299` -> `1299`), trailing decimal zeros dropped
 * (`12.50` -> `12.5`, `19.00` -> `19`), punctuation made space (a decimal point between digits and a minus sign
 * before a number kept; `well-known` and `3-4` split), the articles a/an/the dropped and spaces collapsed.
 */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d)\.0+\b/g, '$1')
    .replace(/(\d\.\d*?[1-9])0+\b/g, '$1')
    .replace(/(?<![\p{L}\p{N}])-(?=\d)/gu, '\u0000')
    .replace(/[^\p{L}\p{N}.\u0000]+/gu, ' ')
    .replace(/\.(?!\d)/g, ' ')
    .replaceAll('\u0000', '-')
    .split(' ')
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join(' ')
}
