import {basename} from 'node:path'
import {InputError} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import {SOURCES} from './index.js'
import type {SourceAdapter} from './types.js'

/**
 * Picks the source whose fields best match a file's first row; a name hint (e.g. "webvoyager" in the file name)
 * breaks ties between look-alike sources. Fails naming the candidates when it cannot tell.
 */
export function detectSource(sample: Record<string, unknown>, file: string): SourceAdapter {
  const name = basename(file).toLowerCase()
  const matches = SOURCES.map((source) => {
    const fields = source.detect(sample)
    return {source, fields, hinted: fields > 0 && (source.fileHints ?? []).some((hint) => name.includes(hint))}
  })
  // A variant's files are named after the source they derive from too: its hint outranks the base source's.
  const outranked = new Set(
    matches.filter((entry) => entry.hinted && entry.source.variantOf).map((entry) => entry.source.variantOf),
  )
  const scored = matches
    .map(({source, fields, hinted}) => ({source, score: fields + (hinted && !outranked.has(source.name) ? 0.5 : 0)}))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
  const keys = Object.keys(sample).slice(0, 8).join(', ')
  if (scored.length === 0) {
    throw new InputError(
      `${file}: cannot tell which source task set this is (fields: ${keys})`,
      optionText`pass ${opt('source')} NAME, or ${opt('source')} generic ${opt('map')} intent=FIELD,...`,
    )
  }
  const best = scored.filter((entry) => entry.score === scored[0].score)
  if (best.length > 1) {
    const names = best.map((entry) => entry.source.name)
    throw new InputError(
      `${file}: ambiguous source, it matches ${names.join(' and ')} (fields: ${keys})`,
      optionText`pass ${opt('source')} ${names.join('|')}`,
    )
  }
  return scored[0].source
}
