// The amount task: how much of one ingredient a recipe calls for at its own servings.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Recipe, RecipesState} from '../types.js'
import {amountFacts, askable, openRecipe, usAnswer} from './common.js'

/** Easy: one ingredient's amount at the recipe's own servings. */
export function amountTask(site: SiteInfo, lookup: Recipe, rng: SeededRandom): FixtureTaskDef<RecipesState> {
  const asked = pick(rng, askable(lookup))
  const plain = usAnswer(asked, 1)
  return {
    key: `amount-${lookup.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, how much ${asked.name} does the "${lookup.name}" recipe call for (at its original ${lookup.servings} servings)?`,
    groups: [
      {
        description: `Amount of ${asked.name}`,
        facts: amountFacts(asked, plain.value, plain.shown, plain.unit, plain.label),
      },
    ],
    referenceAnswer: `${plain.shown} ${plain.label} of ${asked.name}`,
    solution: [...openRecipe(lookup), {op: 'answer', text: `${plain.shown} ${plain.label} of ${asked.name}`}],
  }
}
