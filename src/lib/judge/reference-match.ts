// The cheap part of the reference-answer check: answers that are the reference once normalised, or the same number,
// match; two different single numbers do not; anything else is for the model to decide.

export type ReferenceOutcome = 'match' | 'mismatch' | 'inconclusive'

const ARTICLES = new Set(['a', 'an', 'the'])

/** Lower case, accents and punctuation removed, articles dropped, whitespace collapsed. */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[^\p{L}\p{N}.\s]|\.(?!\d)/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join(' ')
}

/** The numbers written in a text: thousands separators and currency signs ignored, `12.5%` read as 12.5. */
export function numbersIn(text: string): number[] {
  const found: number[] = []
  for (const match of text.matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g)) {
    const value = Number(match[0].replaceAll(',', ''))
    if (Number.isFinite(value)) found.push(value)
  }
  return found
}

const TOLERANCE = 1e-6

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b))
}

/** Whether a text is only a number with, at most, a currency sign, a unit or a percent sign around it. */
function isNumeric(text: string): boolean {
  return /^[^\p{L}\d]*-?[\d.,]+\s*[%\p{Sc}]?\s*(?:[a-z]{1,4})?$/iu.test(text.trim()) && numbersIn(text).length === 1
}

/** Decides what plain matching can: normalised equality, or single numbers that agree or disagree. */
export function compareToReference(answer: string, reference: string): ReferenceOutcome {
  const a = normaliseAnswer(answer)
  const r = normaliseAnswer(reference)
  if (a === '' || r === '') return 'inconclusive'
  if (a === r) return 'match'
  if (isNumeric(reference)) {
    const expected = numbersIn(reference)[0]
    const given = numbersIn(answer)
    if (given.some((value) => sameNumber(value, expected))) return given.length === 1 ? 'match' : 'inconclusive'
    if (given.length === 1 && isNumeric(answer)) return 'mismatch'
  }
  return 'inconclusive'
}
