// Search: the cheapest product of a brand in a category with a minimum rating, found with the facets and the sort.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions, formatMoney} from '../../../check-helpers.js'
import {queryString} from '../../../html.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionedProducts} from '../checks.js'
import type {Product, ShopModel, ShopState} from '../model.js'

export function cheapestTask(
  site: SiteInfo,
  model: ShopModel,
  rng: SeededRandom,
): FixtureTaskDef<ShopState> | undefined {
  const constrained = cheapestWithConstraints(model, rng)
  if (!constrained) return undefined
  const {category, brand, minRating, best} = constrained
  const named =
    (check: (p: Product) => boolean) =>
    ({answer}: {answer: string | null}) =>
      mentionedProducts(model, answer).some(check)
  return {
    key: `cheapest-${best.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the cheapest product in ${category} made by ${brand} with a customer rating of at least ${minRating} stars. Give its name and price.`,
    startPath: '/',
    groups: [
      {
        description: 'The product meets every constraint',
        facts: [
          {text: `The product named is in the ${category} category`, check: named((p) => p.category === category)},
          {text: `The product named is made by ${brand}`, check: named((p) => p.brand === brand)},
          {text: `The product named has a rating of at least ${minRating}`, check: named((p) => p.rating >= minRating)},
        ],
      },
      {
        description: 'It is the cheapest such product',
        facts: [
          {text: `The answer names the ${best.name}`, check: ({answer}) => answerMentions(answer, best.name)},
          {
            text: `The answer states its price ${formatMoney(best.price)}`,
            check: ({answer}) => answerMentions(answer, formatMoney(best.price)),
          },
        ],
      },
    ],
    referenceAnswer: `${best.name}, ${formatMoney(best.price)}`,
    solution: [
      {
        op: 'click',
        target: {
          selector: `nav.main-nav a[href="/search${queryString({category})}"]`,
          description: `the "${category}" link in the navigation`,
        },
      },
      {
        op: 'click',
        target: {
          selector: `a.facet-brand:has-text("${brand}")`,
          text: brand,
          description: `the "${brand}" brand filter`,
        },
      },
      {
        op: 'click',
        target: {
          selector: `a.facet-rating:has-text("${minRating} stars & up")`,
          description: `the "${minRating} stars & up" rating filter`,
        },
      },
      {
        op: 'click',
        target: {selector: 'a.sort-option[data-sort="price-asc"]', description: 'the "Price: low to high" sort option'},
      },
      {op: 'answer', text: `${best.name}, ${formatMoney(best.price)}`},
    ],
  }
}

function cheapestWithConstraints(model: ShopModel, rng: SeededRandom) {
  const options: {category: string; brand: string; minRating: number; best: Product}[] = []
  for (const category of model.categories)
    for (const brand of model.brands)
      for (const minRating of [3.5, 4, 4.5]) {
        const hits = model.products
          .filter((p) => p.category === category && p.brand === brand && p.rating >= minRating)
          .sort((x, y) => x.price - y.price)
        const all = model.products.filter((p) => p.category === category && p.brand === brand)
        // Worth asking only when the filters matter and the cheapest is unique.
        if (hits.length >= 2 && all.length > hits.length && hits[0]!.price < hits[1]!.price)
          options.push({category, brand, minRating, best: hits[0]!})
      }
  return options.length === 0 ? undefined : pick(rng, options)
}
