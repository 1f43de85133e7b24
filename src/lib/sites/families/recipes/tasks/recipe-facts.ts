// The recipe-facts task: calories per serving and total time of one recipe.
import {answerMentions} from '../../../check-helpers.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionsMinutes} from '../checks.js'
import {formatDuration} from '../quantities.js'
import type {Recipe, RecipesState} from '../types.js'
import {answerFact, openRecipe} from './common.js'

/** Easy: calories and total time. */
export function factsTask(site: SiteInfo, facts: Recipe): FixtureTaskDef<RecipesState> {
  const factsAnswer = `${facts.nutrition.calories} calories per serving; ${formatDuration(facts.total)} in total`
  return {
    key: `facts-${facts.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, how many calories per serving does the "${facts.name}" recipe have, and how long does it take to make in total?`,
    groups: [
      {
        description: 'Recipe facts',
        facts: [
          answerFact(`The answer gives ${facts.nutrition.calories} calories per serving`, (answer) =>
            answerMentions(answer, facts.nutrition.calories),
          ),
          answerFact(`The answer gives a total time of ${formatDuration(facts.total)}`, (answer) =>
            mentionsMinutes(answer, facts.total),
          ),
        ],
      },
    ],
    referenceAnswer: factsAnswer,
    solution: [...openRecipe(facts), {op: 'answer', text: factsAnswer}],
  }
}
