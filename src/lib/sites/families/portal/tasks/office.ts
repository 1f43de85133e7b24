// The office task: the one office open at a given day and time, its address and closing time.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {DAY_KEYS, DAY_NAMES} from '../data.js'
import {clockTime, displayTime, timeSpellings} from '../dates.js'
import {uniqueOpenings} from '../model.js'
import type {PortalModel, PortalState} from '../types.js'
import {answerFact} from './common.js'

export function officeTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const {day, minutes, office} = pick(rng, uniqueOpenings(model.offices))
  const closes = office.hours[day]!.close
  const answer = `${office.name}, ${office.street}, ${model.city} ${office.zip}; it closes at ${displayTime(model, closes)}`
  return {
    key: `office-${DAY_KEYS[day]}-${clockTime(minutes).replace(':', '')}`,
    kind: 'lookup',
    intent: `On ${site.name}, which service office is open on ${DAY_NAMES[day]}s at ${displayTime(model, minutes)}? Give its name, its street address with ZIP code, and the time it closes that day.`,
    groups: [
      {description: 'The office', facts: [answerFact(`The answer names the ${office.name}`, office.name)]},
      {
        description: 'Its address',
        facts: [
          answerFact(`The answer gives the street address ${office.street}`, office.street),
          answerFact(`The answer gives the ZIP code ${office.zip}`, office.zip),
        ],
      },
      {
        description: 'Closing time',
        facts: [
          answerFact(
            `The answer says it closes at ${displayTime(model, closes)} on ${DAY_NAMES[day]}s`,
            timeSpellings(closes),
          ),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {
        op: 'click',
        target: {
          selector: 'nav.main-nav a[href="/offices"]',
          description: 'the "Offices & opening hours" link in the navigation',
        },
      },
      {
        op: 'click',
        target: {
          selector: `a.day-chip[href="/offices?day=${DAY_KEYS[day]}"]`,
          description: `the "${DAY_NAMES[day]!.slice(0, 3)}" day filter`,
        },
      },
      {
        op: 'scroll_to',
        target: {selector: `article.office[data-office="${office.id}"]`, description: `the ${office.name} entry`},
      },
      {op: 'answer', text: answer},
    ],
  }
}
