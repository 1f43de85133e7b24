// The search task: the service of a topic with the longest standard processing time.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {PortalModel, PortalState} from '../types.js'
import {answerFact, daysSpellings} from './common.js'

export function slowestServiceTask(
  site: SiteInfo,
  model: PortalModel,
  rng: SeededRandom,
): FixtureTaskDef<PortalState> | undefined {
  const options = model.categories.flatMap((category) => {
    const services = model.services
      .filter((s) => s.categoryId === category.id)
      .sort((a, b) => b.standardDays - a.standardDays)
    return services.length >= 2 && services[0]!.standardDays > services[1]!.standardDays
      ? [{category, slowest: services[0]!}]
      : []
  })
  if (options.length === 0) return undefined
  const {category, slowest} = pick(rng, options)
  const answer = `${slowest.name}, ${slowest.standardDays} working days`
  return {
    key: `slowest-${category.id}`,
    kind: 'search',
    intent: `On ${site.name}, which service in the ${category.name} topic has the longest standard processing time, and how many working days is it?`,
    groups: [
      {
        description: 'The slowest service of the topic',
        facts: [
          answerFact(`The answer names the ${slowest.name}`, slowest.name),
          answerFact(`The answer states ${slowest.standardDays} working days`, daysSpellings(slowest.standardDays)),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {
        op: 'click',
        target: {
          selector: 'nav.main-nav a[href="/services"]',
          description: 'the "All services" link in the navigation',
        },
      },
      {
        op: 'click',
        target: {
          selector: `aside.topic-nav a[href="/services/${category.id}"]`,
          description: `the "${category.name}" topic`,
        },
      },
      {
        op: 'scroll_to',
        target: {selector: 'table.service-table', description: 'the table of services with their processing times'},
      },
      {op: 'answer', text: answer},
    ],
  }
}
