// Lookup: a detail from the product page, the rating and the color.
import {answerMentions} from '../../../check-helpers.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Product, ShopState} from '../model.js'
import {findProduct} from './common.js'

export function detailsTask(site: SiteInfo, c: Product): FixtureTaskDef<ShopState> {
  return {
    key: `details-${c.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what color is the ${c.name} and what is its average customer rating?`,
    groups: [
      {
        description: 'Product details',
        facts: [
          {text: `The answer says the color is ${c.color}`, check: ({answer}) => answerMentions(answer, c.color)},
          {
            text: `The answer gives the rating ${c.rating.toFixed(1)}`,
            check: ({answer}) => answerMentions(answer, c.rating.toFixed(1)),
          },
        ],
      },
    ],
    referenceAnswer: `${c.color}, rated ${c.rating.toFixed(1)}`,
    solution: [...findProduct(c), {op: 'answer', text: `${c.color}, rated ${c.rating.toFixed(1)}`}],
  }
}
