// Helpers for the programmatic checks of fixture tasks: comparing an agent's free-text answer with expected values.

/** Lower case, no accents, `$1,299.00` → `1299`, runs of punctuation and space → one space. */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d+)\.0+\b/g, '$1')
    .replace(/(\d+\.\d*?[1-9])0+\b/g, '$1')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when the answer mentions `expected` as whole words (numbers compared by value, case and accents ignored). */
export function answerMentions(answer: string | null, expected: string | number): boolean {
  if (answer === null) return false
  const haystack = ` ${normaliseAnswer(answer)} `
  const needle = normaliseAnswer(String(expected))
  if (needle === '') return false
  return haystack.includes(` ${needle} `)
}

/** A fact check on the answer alone. */
export function answerHas<State>(expected: string | number): (input: {answer: string | null; state: State}) => boolean {
  return ({answer}) => answerMentions(answer, expected)
}

/** Money as sites print it: `$1,234.50`. */
export function formatMoney(amount: number, currency = '$'): string {
  // Without toLocaleString: pages print thousands of prices and ICU formatting is slow.
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.') as [string, string]
  return `${amount < 0 ? '-' : ''}${currency}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`
}
