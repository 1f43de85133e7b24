import type {OptionKey} from './option-keys.js'

// Services never spell a command-line flag. User-facing text that names one of their options holds a reference to
// it, and whoever shows the text names the option its own way: the command layer as its flag (`--resume`), a library
// caller as the option key (`resume`).

/** A service option named inside user-facing text. */
export interface OptionRef {
  readonly option: OptionKey
}

/** User-facing text that names options: plain data, so it also crosses worker threads. */
export interface OptionText {
  readonly parts: readonly (string | OptionRef)[]
}

/** Text for the user: plain, or naming options. */
export type Text = string | OptionText

/** How a front end names an option in text. */
export type OptionNames = (option: OptionKey) => string

// The library's naming: the option key as written in a service's options.
export const optionKeys: OptionNames = (option) => option

// A reference to put in `optionText`: optionText`rerun with ${opt('resume')} ${file}`.
export function opt(option: OptionKey): OptionRef {
  return {option}
}

// Builds text from a template: `opt(...)` values stay option references, `OptionText` values are spliced in, every
// other value becomes its string.
export function optionText(strings: TemplateStringsArray, ...values: unknown[]): OptionText {
  const parts: (string | OptionRef)[] = [strings[0]!]
  values.forEach((value, index) => {
    if (isOptionRef(value)) parts.push(value)
    else if (isOptionText(value)) parts.push(...value.parts)
    else parts.push(String(value))
    parts.push(strings[index + 1]!)
  })
  return {parts}
}

// Texts joined with a separator, as one text.
export function joinText(texts: readonly Text[], separator: string): OptionText {
  const parts: (string | OptionRef)[] = []
  texts.forEach((text, index) => {
    if (index > 0) parts.push(separator)
    if (typeof text === 'string') parts.push(text)
    else parts.push(...text.parts)
  })
  return {parts}
}

// The text with each option named as `names` says.
export function renderText(text: Text, names: OptionNames): string {
  if (typeof text === 'string') return text
  return text.parts.map((part) => (typeof part === 'string' ? part : names(part.option))).join('')
}

function isOptionText(value: unknown): value is OptionText {
  return typeof value === 'object' && value !== null && Array.isArray((value as OptionText).parts)
}

function isOptionRef(value: unknown): value is OptionRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as OptionRef).option === 'string'
  )
}
