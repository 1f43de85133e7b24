// The documents task: every document a service needs.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {PortalModel, PortalState} from '../types.js'
import {answerFact, serviceResult} from './common.js'

export function documentsTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const candidates = model.services.filter((s) => s.documents.length >= 3)
  const service = pick(rng, candidates)
  const names = service.documents.map((d) => d.name)
  const answer = names.join('; ')
  const category = model.categories.find((c) => c.id === service.categoryId)!
  return {
    key: `documents-${service.slug}`,
    kind: 'lookup',
    intent: `On ${site.name}, which documents do you need to provide when applying for the "${service.name}" service? List all of them.`,
    groups: [{description: 'Required documents', facts: names.map((n) => answerFact(`The answer lists "${n}"`, n))}],
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
      {op: 'click', target: serviceResult(service)},
      {op: 'scroll_to', target: {selector: 'ul.documents', description: 'the list of documents you need'}},
      {op: 'answer', text: answer},
    ],
  }
}
