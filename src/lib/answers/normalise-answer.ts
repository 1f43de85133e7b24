// The one way webgym cleans a free-text answer before comparing it: the fixture web's programmatic checks and the
// judge's reference-answer match both use it, so an answer one of them accepts as "the same words" the other does too.

const ARTICLES = new Set(['a', 'an', 'the'])

/** Letters that Unicode does not decompose into a base letter and an accent, spelt as a reader without them would. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ß: 'ss',
  þ: 'th',
}
const PLAIN_LETTER = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'g')

/**
 * Lower case, accents removed (`Vávra` -> `vavra`, and the letters Unicode keeps whole spelt out: `Løvik` -> `lovik`,
 * `Łukasz` -> `lukasz`, `Straße` -> `strasse`), thousands separators dropped (`1,299` -> `1299`), trailing decimal
 * zeros dropped (`12.50` -> `12.5`, `19.00` -> `19`), punctuation made space (a decimal point between digits and a
 * minus sign before a number kept; `well-known` and `3-4` split), the articles a/an/the dropped and spaces collapsed.
 */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(PLAIN_LETTER, (letter) => PLAIN_LETTERS[letter]!)
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
