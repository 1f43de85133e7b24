// The booking task: book an appointment for a reason, office, day and time.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {firstBookableMonth, freeSlots} from '../availability.js'
import {BOOKING_WINDOW_DAYS} from '../data.js'
import {addDays, clockTime, displayTime, longDate, monthsBetween} from '../dates.js'
import {normalised} from '../numbers.js'
import type {Appointment, PortalModel, PortalState} from '../types.js'
import {randomPerson} from './common.js'

export function bookingTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const options = model.reasons.flatMap((reason) =>
    model.offices
      .filter((o) => o.reasonIds.includes(reason.id))
      .flatMap((office) =>
        Array.from({length: BOOKING_WINDOW_DAYS - 10}, (_, i) => addDays(model.today, i + 10)).flatMap((date) =>
          freeSlots(site, model, office, date).map((minutes) => ({reason, office, date, minutes})),
        ),
      ),
  )
  const {reason, office, date, minutes} = pick(rng, options)
  const person = randomPerson(rng)
  const name = `${person.firstName} ${person.lastName}`
  const time = clockTime(minutes)
  const booked =
    (test: (a: Appointment) => boolean) =>
    ({state}: {state: PortalState}) =>
      state.appointments.some((a) => a.status === 'booked' && a.reasonId === reason.id && test(a))
  const monthClicks = monthsBetween(firstBookableMonth(model), date.slice(0, 7))
  return {
    key: `book-${reason.id}-${date}`,
    kind: 'state',
    intent: `On ${site.name}, book a "${reason.name}" appointment at the ${office.name} on ${longDate(date)} at ${displayTime(model, minutes)}, for ${name} (email ${person.email}).`,
    groups: [
      {
        description: 'The appointment',
        facts: [
          {text: `A "${reason.name}" appointment is booked`, check: booked(() => true)},
          {text: `It is at the ${office.name}`, check: booked((a) => a.officeId === office.id)},
          {text: `It is on ${longDate(date)}`, check: booked((a) => a.officeId === office.id && a.date === date)},
          {
            text: `It starts at ${displayTime(model, minutes)}`,
            check: booked((a) => a.officeId === office.id && a.date === date && a.time === time),
          },
        ],
      },
      {
        description: 'Booked for the right person',
        facts: [
          {
            text: `The booking is in the name of ${name}`,
            check: booked((a) => normalised(a.name) === normalised(name)),
          },
          {text: `The booking email is ${person.email}`, check: booked((a) => a.email === person.email)},
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      {
        op: 'click',
        target: {
          selector: 'nav.main-nav a[href="/appointments"]',
          description: 'the "Book an appointment" link in the navigation',
        },
      },
      {
        op: 'click',
        target: {selector: `a.reason-link[data-reason="${reason.id}"]`, description: `the "${reason.name}" option`},
      },
      {
        op: 'click',
        target: {selector: `a.office-choice[data-office="${office.id}"]`, description: `the ${office.name} option`},
      },
      ...Array.from({length: monthClicks}, (): SolutionStep => ({
        op: 'click',
        target: {selector: 'a.cal-next', description: 'the next month arrow of the calendar'},
      })),
      {
        op: 'click',
        target: {
          selector: `a.cal-day[data-date="${date}"]`,
          description: `day ${Number(date.slice(8))} in the calendar`,
        },
      },
      {
        op: 'click',
        target: {selector: `a.slot[data-time="${time}"]`, description: `the ${displayTime(model, minutes)} time slot`},
      },
      {op: 'type', target: {selector: '#full_name', description: 'the Full name field'}, text: name},
      {op: 'type', target: {selector: '#email', description: 'the Email address field'}, text: person.email},
      {op: 'click', target: {selector: 'button.confirm-booking', description: 'the "Confirm booking" button'}},
    ],
  }
}
