// Form: an application for a job, or a viewing request for a home, reporting the reference.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {between, pick} from '../../../random-pick.js'
import type {FactDef, FactGroupDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact} from '../checks.js'
import {PEOPLE} from '../data.js'
import {dateParts, daysInMonth, digits, formatDate, isoDate, weekdayOf} from '../format.js'
import {CONTACT_FIELDS, isBookable, referenceFor} from '../request.js'
import {termsFor} from '../terms.js'
import type {Listing, ListingsModel, ListingsState, Person, Submission} from '../types.js'
import {openListing} from './common.js'

function bookableDays(model: ListingsModel): string[] {
  const {year, month} = model.calendar
  return Array.from({length: daysInMonth(year, month)}, (_, i) => isoDate(year, month, i + 1)).filter(
    (iso) => isBookable(model, iso) && weekdayOf(iso) !== 6,
  )
}

function contactSteps(person: Person): SolutionStep[] {
  const values: Record<string, string> = {full_name: person.name, email: person.email, phone: person.phone}
  return CONTACT_FIELDS.map((f) => ({
    op: 'type' as const,
    target: {selector: `#${f.name}`, description: `the ${f.label} field`},
    text: values[f.name],
  }))
}

export function requestTask(
  site: SiteInfo,
  model: ListingsModel,
  l: Listing,
  rng: SeededRandom,
): FixtureTaskDef<ListingsState> {
  const person = pick(rng, PEOPLE)
  const date = pick(rng, bookableDays(model))
  const forListing = (state: ListingsState) => state.submissions.filter((s) => s.listingId === l.id)
  const subFact = (text: string, test: (s: Submission) => boolean): FactDef<ListingsState> => ({
    text,
    check: ({state}) => forListing(state).some(test),
  })
  const contactGroup: FactGroupDef<ListingsState> = {
    description: 'Contact details',
    facts: [
      subFact(
        `The name given is ${person.name}`,
        (s) => s.name.replace(/\s+/g, ' ').toLowerCase() === person.name.toLowerCase(),
      ),
      subFact(`The email given is ${person.email}`, (s) => s.email.toLowerCase() === person.email),
      subFact(`The phone number given is ${person.phone}`, (s) => digits(s.phone) === digits(person.phone)),
    ],
  }
  const dayStep: SolutionStep = {
    op: 'click',
    target: {selector: `label[for="day-${date}"]`, description: `day ${dateParts(date)[2]} in the calendar`},
  }
  const submit: SolutionStep = {
    op: 'click',
    target: {selector: 'button.submit-request', description: `the "${termsFor(model).formButton}" button`},
  }
  const open: SolutionStep[] = [
    ...openListing(l),
    {
      op: 'click',
      target: {
        selector: 'a.request-link',
        description: l.kind === 'jobs' ? 'the "Apply now" button' : 'the "Request a viewing" button',
      },
    },
  ]
  if (l.kind === 'jobs') {
    const years = between(rng, 2, 9)
    const reference = referenceFor(site, 'jobs', l.id, person, [years, date])
    return {
      key: `apply-${l.id}`,
      kind: 'form',
      intent: `On ${site.name}, apply for the ${l.title} job at ${l.company} as ${person.name} (email ${person.email}, phone ${person.phone}), with ${years} years of relevant experience and an earliest start date of ${formatDate(date)}. Give consent to store the details, and tell me the application reference number.`,
      groups: [
        {
          description: 'The application',
          facts: [subFact(`An application for the ${l.title} job at ${l.company} was sent`, () => true)],
        },
        contactGroup,
        {
          description: 'Application answers',
          facts: [
            subFact(`${years} years of experience are given`, (s) => s.kind === 'jobs' && s.years === years),
            subFact(`The earliest start date is ${formatDate(date)}`, (s) => s.kind === 'jobs' && s.startDate === date),
          ],
        },
        {description: 'Confirmation', facts: [answerFact(`The answer reports the reference ${reference}`, reference)]},
      ],
      referenceAnswer: reference,
      solution: [
        ...open,
        ...contactSteps(person),
        {
          op: 'type',
          target: {selector: '#years', description: 'the Years of relevant experience field'},
          text: String(years),
        },
        dayStep,
        {op: 'click', target: {selector: 'label[for="consent"]', description: 'the consent checkbox'}},
        submit,
        {op: 'answer', text: reference},
      ],
    }
  }
  const time = pick(rng, model.timeSlots)
  const attendees = between(rng, 2, 4)
  const reference = referenceFor(site, 'homes', l.id, person, [date, time, attendees])
  return {
    key: `viewing-${l.id}`,
    kind: 'form',
    intent: `On ${site.name}, request a viewing of the home at ${l.address} for ${person.name} (email ${person.email}, phone ${person.phone}) on ${formatDate(date)} at ${time}, for ${attendees} people, and tell me the reference number.`,
    groups: [
      {description: 'The viewing request', facts: [subFact(`A viewing of ${l.address} was requested`, () => true)]},
      contactGroup,
      {
        description: 'Viewing details',
        facts: [
          subFact(`The date is ${formatDate(date)}`, (s) => s.kind === 'homes' && s.date === date),
          subFact(`The time is ${time}`, (s) => s.kind === 'homes' && s.time === time),
          subFact(`${attendees} people will attend`, (s) => s.kind === 'homes' && s.attendees === attendees),
        ],
      },
      {description: 'Confirmation', facts: [answerFact(`The answer reports the reference ${reference}`, reference)]},
    ],
    referenceAnswer: reference,
    solution: [
      ...open,
      ...contactSteps(person),
      dayStep,
      {
        op: 'click',
        target: {selector: `label[for="time-${time.replace(':', '')}"]`, description: `the ${time} time slot`},
      },
      {
        op: 'type',
        target: {selector: '#attendees', description: 'the Number of people attending field'},
        text: String(attendees),
      },
      submit,
      {op: 'answer', text: reference},
    ],
  }
}
