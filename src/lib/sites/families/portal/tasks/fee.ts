// The fee task: a service option's fee and the standard processing time.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {money} from '../dates.js'
import {lowestFee} from '../pages/shell.js'
import type {PortalModel, PortalState} from '../types.js'
import {answerFact, daysSpellings, findService} from './common.js'

export function feeTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const service = pick(
    rng,
    model.services.filter((s) => lowestFee(s) > 0),
  )
  const choice = pick(rng, service.option.choices)
  const fee = money(model, choice.fee)
  const answer = `${fee}; ${service.standardDays} working days`
  return {
    key: `fee-${service.slug}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the fee for the "${service.name}" service with ${service.option.label.toLowerCase()} "${choice.label}", and how many working days does standard processing take?`,
    groups: [
      {
        description: 'Fee and processing time',
        facts: [
          answerFact(`The answer states the fee ${fee}`, fee),
          answerFact(
            `The answer states standard processing takes ${service.standardDays} working days`,
            daysSpellings(service.standardDays),
          ),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...findService(service),
      {op: 'scroll_to', target: {selector: 'table.fees-table', description: 'the Fees table'}},
      {op: 'answer', text: answer},
    ],
  }
}
