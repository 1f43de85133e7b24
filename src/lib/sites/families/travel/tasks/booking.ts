// Hard form: a complete booking with named travellers and options, reporting the reference.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {answerMentions} from '../../../check-helpers.js'
import {between, pick, sample} from '../../../random-pick.js'
import type {FactDef, FactGroupDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {bookingReference} from '../booking.js'
import {SEATS, TRAVELLERS} from '../data.js'
import {clock, shortDate} from '../dates.js'
import {modeOf} from '../model.js'
import {fareOf, tripsFor} from '../timetable.js'
import type {Booking, TravelModel, TravelState} from '../types.js'
import {journeyWords, randomJourney, searchSteps} from './common.js'

/** Hard form: a complete booking with named travellers and options, reporting the reference. */
export function bookingTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const journey = randomJourney(rng, model)
  const trip = pick(rng, tripsFor(model, journey.from, journey.to, journey.date))
  const cabin = pick(rng, mode.cabins)
  const fare = fareOf(trip, pick(rng, ['basic', 'standard', 'flex'] as const))
  const travellers = sample(rng, TRAVELLERS, between(rng, 1, 2))
  const lead = travellers[0]!
  const email = `${lead.first}.${lead.last}@example.com`.toLowerCase()
  const seat = pick(rng, SEATS.slice(1))
  const insurance = rng.below(2) === 0
  const passengers = travellers.map((t) => ({first: t.first, last: t.last}))
  const reference = bookingReference(site, {tripId: trip.id, cabin: cabin.id, fare: fare.id, passengers, email})
  const names = travellers.map((t) => `${t.first} ${t.last}`)
  const booked = (state: TravelState) => state.bookings.filter((b) => b.tripId === trip.id)
  const bookingFact = (text: string, test: (b: Booking) => boolean): FactDef<TravelState> => ({
    text,
    check: ({state}) => booked(state).some(test),
  })
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase()
  const groups: FactGroupDef<TravelState>[] = [
    {
      description: 'The booking',
      facts: [
        bookingFact(`A booking was made for ${mode.noun} ${trip.number} on ${shortDate(trip.date)}`, () => true),
        bookingFact(
          `The ${fare.name} fare in ${cabin.label} was booked`,
          (b) => b.fare === fare.id && b.cabin === cabin.id,
        ),
        bookingFact(
          `The booking is for exactly ${travellers.length} adult${travellers.length === 1 ? '' : 's'}`,
          (b) => b.passengers.length === travellers.length && b.passengers.every((p) => p.type === 'adult'),
        ),
      ],
    },
    {
      description: 'Travellers and contact',
      facts: [
        ...travellers.map((t) =>
          bookingFact(`${t.first} ${t.last} is a traveller`, (b) =>
            b.passengers.some((p) => same(p.first, t.first) && same(p.last, t.last)),
          ),
        ),
        bookingFact(`The contact email is ${email}`, (b) => same(b.email, email)),
      ],
    },
    {
      description: 'Options',
      facts: [
        bookingFact(`${seat.label} seats were requested`, (b) => b.seat === seat.id),
        bookingFact(
          insurance ? 'Travel insurance was added' : 'No travel insurance was added',
          (b) => b.insurance === insurance,
        ),
      ],
    },
    {
      description: 'Confirmation',
      facts: [
        {
          text: `The answer reports the booking reference ${reference}`,
          check: ({answer}) => answerMentions(answer, reference),
        },
      ],
    },
  ]
  const typeName = (index: number, part: 'first' | 'last', text: string): SolutionStep => ({
    op: 'type',
    target: {selector: `#pax-${index + 1}-${part}`, description: `the ${part} name field of traveller ${index + 1}`},
    text,
  })
  return {
    key: `book-${trip.id}-${fare.id}`,
    kind: 'form',
    intent: `On ${site.name}, book the ${fare.name} fare in ${cabin.phrase} on ${trip.carrier.name} ${mode.noun} ${trip.number} ${journeyWords(model, journey)} (departing ${clock(trip.depart)}) for ${names.length === 1 ? `one adult, ${names[0]}` : `two adults, ${names.join(' and ')}`}. Use the contact email ${email}, ask for ${seat.label.toLowerCase()} seats, ${insurance ? 'add travel insurance' : 'do not add travel insurance'}, and tell me the booking reference.`,
    groups,
    referenceAnswer: reference,
    solution: [
      ...searchSteps(model, journey, {adults: travellers.length, children: 0, cabin}),
      {
        op: 'click',
        target: {
          selector: `details.fares[data-trip="${trip.id}"] > summary`,
          description: `"Fare options and rules" of ${mode.noun} ${trip.number}`,
        },
      },
      {
        op: 'click',
        target: {
          selector: `a.select-fare[data-trip="${trip.id}"][data-fare="${fare.id}"]`,
          description: `the Select button of the ${fare.name} fare`,
        },
      },
      ...travellers.flatMap((t, i) => [typeName(i, 'first', t.first), typeName(i, 'last', t.last)]),
      {op: 'type', target: {selector: '#email', description: 'the Email address field'}, text: email},
      {op: 'click', target: {selector: `label[for="seat-${seat.id}"]`, description: `the "${seat.label}" seat option`}},
      ...(insurance
        ? [
            {
              op: 'click',
              target: {selector: 'label[for="opt-insurance"]', description: 'the travel insurance checkbox'},
            } as const,
          ]
        : []),
      {op: 'click', target: {selector: 'label[for="opt-terms"]', description: 'the checkbox accepting the fare rules'}},
      {op: 'click', target: {selector: 'button.confirm-booking', description: 'the "Confirm booking" button'}},
      {op: 'answer', text: reference},
    ],
  }
}
