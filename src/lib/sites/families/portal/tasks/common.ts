// Task helpers: solution steps to find a service, answer facts, spellings of day counts, random people.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../../../schema/solution.js'
import {answerMentions} from '../../../check-helpers.js'
import {between, pick} from '../../../random-pick.js'
import type {FactDef} from '../../../types.js'
import {FIRST_NAMES, LAST_NAMES} from '../data.js'
import type {PortalState, Service} from '../types.js'

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
export const serviceResult = (s: Service): Target => ({
  selector: `a.service-link[data-service="${s.slug}"]`,
  description: `the "${s.name}" link`,
})
export const nextStep: Target = {selector: 'button.next-step', description: 'the "Save and continue" button'}

export function findService(s: Service): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: s.name, submit: true},
    {op: 'click', target: serviceResult(s)},
  ]
}

export function answerFact(text: string, expected: string | string[]): FactDef<PortalState> {
  const options = Array.isArray(expected) ? expected : [expected]
  return {text, check: ({answer}) => options.some((o) => answerMentions(answer, o))}
}

export function daysSpellings(days: number): string[] {
  return [`${days} working days`, `${days} business days`, `${days} days`]
}

export function randomPerson(rng: SeededRandom) {
  const firstName = pick(rng, FIRST_NAMES)
  const lastName = pick(rng, LAST_NAMES)
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: `(555) 0${between(rng, 10, 99)}-${between(rng, 1000, 9999)}`,
  }
}
