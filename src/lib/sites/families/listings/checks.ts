// Answer checks of listings tasks: which listings an answer names, and facts built on that.
import {answerMentions} from '../../check-helpers.js'
import type {FactDef} from '../../types.js'
import {typeMatches} from './format.js'
import type {Listing, ListingsModel, ListingsState, TypeOption} from './types.js'

/** The listings an answer names: a job by its title and company, a home by its address. */
function mentionedListings(model: ListingsModel, answer: string | null): Listing[] {
  return model.listings.filter((l) =>
    l.kind === 'jobs'
      ? answerMentions(answer, l.title) && answerMentions(answer, l.company)
      : answerMentions(answer, l.address),
  )
}

export function namedFact(model: ListingsModel, text: string, test: (l: Listing) => boolean): FactDef<ListingsState> {
  return {text, check: ({answer}) => mentionedListings(model, answer).some(test)}
}

export function namesFact(model: ListingsModel, l: Listing): FactDef<ListingsState> {
  const text =
    l.kind === 'jobs'
      ? `The answer names the ${l.title} job at ${l.company}`
      : `The answer gives the address ${l.address}`
  return {text, check: ({answer}) => mentionedListings(model, answer).some((m) => m.id === l.id)}
}

export function answerFact(text: string, expected: string | number): FactDef<ListingsState> {
  return {text, check: ({answer}) => answerMentions(answer, expected)}
}

export function typeFact(model: ListingsModel, type: TypeOption): FactDef<ListingsState> {
  return namedFact(
    model,
    model.kind === 'jobs' ? `The job named is ${type.label}` : `The home named has at least ${type.id} bedrooms`,
    (l) => typeMatches(l, type.id),
  )
}
