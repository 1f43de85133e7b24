// Calendar dates written the ways pages and people write them, so that "April 28, 2019", "28.04.2019", "2019年4月28日"
// and a timestamp 2019-04-28T06:01:07Z are one date to the checks and the judge.

/** A calendar date as `YYYY-MM-DD`. */
export type CalendarDate = string

/** A date written in a text. */
export interface DateMention {
  /** As written, e.g. `April 28, 2019`. */
  text: string
  index: number
  /** The calendar dates it can be read as: one, or two for numbers that may be day/month or month/day (`03/05/2019`). */
  dates: CalendarDate[]
}

// Month names as dates use them in English, German, French, Spanish, Italian, Portuguese, Dutch and Czech (whose
// dates take the genitive), each with its usual abbreviations; matched ignoring case and accents.
const MONTHS: readonly (readonly string[])[] = [
  [
    'january',
    'jan',
    'januar',
    'janner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'janeiro',
    'januari',
    'ledna',
  ],
  ['february', 'feb', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'fevereiro', 'februari', 'unora'],
  ['march', 'mar', 'marz', 'mars', 'marzo', 'marco', 'maart', 'mrt', 'brezna'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'dubna'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei', 'kvetna'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'cervna'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'cervence'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus', 'srpna'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro', 'zari'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'rijna'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopadu'],
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro', 'prosince'],
]

const MONTH_NUMBER = new Map<string, number>(MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1])))

/** Names without their accents: a pattern matches a month written with or without them. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

// Month names are matched in the folded text (accents dropped, lower case, see `foldForMatching`), so `fevrier` in the
// table matches `Février` on the page; a plain alternation compiles and runs fast where one that allowed accents after
// every letter, ignoring case, took most of a second to compile and milliseconds per call.
const MONTH = `(${[...MONTH_NUMBER.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`
const START = '(?<![\\p{L}\\p{N}])'
const END = '(?![\\p{N}])'
const WORD_END = '(?![\\p{L}\\p{N}])'
const DAY = '(\\d{1,2})'
const YEAR = '(\\d{4})'

type Reading = (groups: string[]) => [number, number, number][]

/** Each pattern with how its groups read as [year, month, day]. */
const PATTERNS: readonly {pattern: RegExp; read: Reading}[] = [
  // 2019-04-28, 2019/04/28, 2019.04.28, and a timestamp's date part.
  {pattern: re(`(?<![\\p{N}])${YEAR}([-/.])(\\d{1,2})\\2(\\d{1,2})${END}`), read: ([y, , m, d]) => [[+y!, +m!, +d!]]},
  // 2019年4月28日, 2019년 4월 28일.
  {
    pattern: re(`${YEAR}\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]`),
    read: ([y, m, d]) => [[+y!, +m!, +d!]],
  },
  // 28.04.2019 and 1. 11. 2021 (day first); 04/28/2019, 28/04/2019, 28-04-2019 (either way round); two-digit years
  // after a slash or a dot (4/28/19).
  {
    pattern: re(`(?<![\\p{N}./-])${DAY}([./-])\\s?(\\d{1,2})\\2\\s?(\\d{4}|\\d{2})${END}`),
    read: ([a, separator, b, y]) => {
      if (separator === '-' && y!.length === 2) return []
      const year = fullYear(y!)
      return separator === '.'
        ? [[year, +b!, +a!]]
        : [
            [year, +b!, +a!],
            [year, +a!, +b!],
          ]
    },
  },
  // April 28, 2019; Apr. 28th 2019.
  {
    pattern: re(`${START}${MONTH}\\s+${DAY}(?:st|nd|rd|th)?,?\\s+${YEAR}${END}`),
    read: ([month, d, y]) => [[+y!, monthOf(month!), +d!]],
  },
  // 28 April 2019; 28th of April, 2019; 28. April 2019; 1er janvier 2019; 28 de abril de 2019; 1. listopadu 2021.
  {
    pattern: re(
      `${START}${DAY}(?:st|nd|rd|th|er|º|\\.)?\\s*(?:of\\s+|de\\s+)?${MONTH}${WORD_END},?\\s+(?:de\\s+|del\\s+)?${YEAR}${END}`,
    ),
    read: ([d, month, y]) => [[+y!, monthOf(month!), +d!]],
  },
]

function re(source: string): RegExp {
  return new RegExp(source, 'gu')
}

function monthOf(name: string): number {
  return MONTH_NUMBER.get(fold(name).replace(/\.$/, '')) ?? 0
}

function fullYear(digits: string): number {
  if (digits.length === 4) return Number(digits)
  const year = Number(digits)
  return year < 70 ? 2000 + year : 1900 + year
}

/** `YYYY-MM-DD` when year, month and day make a real date (years 1900-2100), else null. */
function toCalendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/**
 * Every calendar date a text writes, in order: ISO (`2019-04-28`, also inside a timestamp), year first with slashes or
 * dots, day first with dots (`28.04.2019`, `1. 11. 2021`), numbers with slashes or hyphens read both ways round where
 * both are real dates, month names and abbreviations in English, German, French, Spanish, Italian, Portuguese, Dutch
 * and Czech (`April 28, 2019`, `28 Apr 2019`, `28. April 2019`, `28 de abril de 2019`) and Chinese, Japanese and
 * Korean (`2019年4月28日`). Two-digit years after a slash or a dot are 1970-2069.
 */
export function datesIn(text: string): DateMention[] {
  // Matched folded (no accents, lower case, as the month patterns expect), reported as written.
  const {folded, original} = foldForMatching(text)
  const found: (DateMention & {end: number})[] = []
  for (const {pattern, read} of PATTERNS) {
    for (const match of folded.matchAll(pattern)) {
      const dates = [
        ...new Set(
          read(match.slice(1))
            .map(([year, month, day]) => toCalendarDate(year, month, day))
            .filter((date): date is CalendarDate => date !== null),
        ),
      ]
      if (dates.length === 0) continue
      const index = original[match.index]!
      const end = original[match.index + match[0].length]!
      found.push({text: text.slice(index, end), index, end, dates})
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end)
  const mentions: DateMention[] = []
  let reached = -1
  for (const {end, ...mention} of found) {
    if (mention.index < reached) continue
    mentions.push(mention)
    reached = end
  }
  return mentions
}

/**
 * The text with accents dropped and in lower case, and for each of its positions (and its end) the position in the
 * text. Only a letter with accents loses them (Hangul syllables, which NFD splits into letters, stay whole).
 */
function foldForMatching(text: string): {folded: string; original: number[]} {
  let folded = ''
  const original: number[] = []
  let index = 0
  for (const character of text) {
    const split = character.normalize('NFD')
    const base = /^\P{M}\p{M}+$/u.test(split) ? split.replace(/\p{M}+$/u, '') : character
    const parts = base.toLowerCase()
    for (let unit = 0; unit < parts.length; unit++) original.push(index)
    folded += parts
    index += character.length
  }
  original.push(index)
  return {folded, original}
}

/**
 * The calendar date a value gives: the date part of an ISO 8601 timestamp as written (`2019-04-28T23:30:00-07:00`
 * is 2019-04-28, the publisher's own day, not converted to UTC), or the one date a text writes unambiguously. Null
 * otherwise.
 */
export function calendarDateOf(value: string): CalendarDate | null {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(value)
  if (iso) return toCalendarDate(+iso[1]!, +iso[2]!, +iso[3]!)
  const mentions = datesIn(value)
  return mentions.length === 1 && mentions[0]!.dates.length === 1 ? mentions[0]!.dates[0]! : null
}

/** True when the answer writes the date, in any of the forms `datesIn` reads (one of the readings of `03/05/2019`). */
export function mentionsDate(answer: string | null, date: CalendarDate): boolean {
  if (answer === null) return false
  return datesIn(answer).some((mention) => mention.dates.includes(date))
}
