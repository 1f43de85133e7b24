// Easy lookup: the price of a product.
import {answerMentions, formatMoney} from '../../../check-helpers.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Product, ShopState} from '../model.js'
import {findProduct} from './common.js'

export function priceTask(site: SiteInfo, a: Product): FixtureTaskDef<ShopState> {
  return {
    key: `price-${a.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the price of the ${a.name}?`,
    groups: [
      {
        description: 'Price of the product',
        facts: [
          {
            text: `The answer states the price ${formatMoney(a.price)}`,
            check: ({answer}) => answerMentions(answer, formatMoney(a.price)),
          },
        ],
      },
    ],
    referenceAnswer: formatMoney(a.price),
    solution: [...findProduct(a), {op: 'answer', text: formatMoney(a.price)}],
  }
}
