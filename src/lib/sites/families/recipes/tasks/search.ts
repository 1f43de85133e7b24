// The search task: the best-rated recipe of a cuisine with a diet and a time limit.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import {slugify} from '../../../slug.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionedRecipes, mentionsMinutes} from '../checks.js'
import {DIETS, TIME_LIMITS} from '../data.js'
import {formatDuration} from '../quantities.js'
import type {Recipe, RecipesModel, RecipesState} from '../types.js'
import {answerFact} from './common.js'

interface Constrained {
  cuisine: string
  diet: (typeof DIETS)[number]
  limit: number
  best: Recipe
}

export function bestWithConstraints(model: RecipesModel, rng: SeededRandom): Constrained | undefined {
  const options: (Constrained & {hits: number})[] = []
  for (const cuisine of model.cuisines)
    for (const diet of DIETS)
      for (const limit of TIME_LIMITS) {
        const ofCuisine = model.recipes.filter((r) => r.cuisine === cuisine)
        const hits = ofCuisine
          .filter((r) => r.diets.includes(diet.id) && r.total <= limit)
          .sort((a, b) => b.rating - a.rating)
        const withDiet = ofCuisine.filter((r) => r.diets.includes(diet.id)).length
        const inTime = ofCuisine.filter((r) => r.total <= limit).length
        // Worth asking only when both filters matter and the best rating is unique.
        if (
          hits.length >= 1 &&
          withDiet > hits.length &&
          inTime > hits.length &&
          (hits.length === 1 || hits[0]!.rating > hits[1]!.rating)
        )
          options.push({cuisine, diet, limit, best: hits[0]!, hits: hits.length})
      }
  const several = options.filter((o) => o.hits >= 2)
  const pool = several.length > 0 ? several : options
  return pool.length === 0 ? undefined : pick(rng, pool)
}

export function searchTask(
  site: SiteInfo,
  model: RecipesModel,
  {cuisine, diet, limit, best}: Constrained,
): FixtureTaskDef<RecipesState> {
  const limitText = limit === 60 ? '1 hour' : `${limit} minutes`
  const named = (test: (r: Recipe) => boolean) => (answer: string | null) => {
    const found = mentionedRecipes(model, answer)
    return found.length > 0 && found.every(test)
  }
  const answer = `${best.name}: ${formatDuration(best.total)} total, rated ${best.rating.toFixed(1)}`
  return {
    key: `find-${slugify(cuisine)}-${diet.id}-${limit}`,
    kind: 'search',
    intent: `On ${site.name}, find a ${diet.label.toLowerCase()} ${cuisine} recipe that takes ${limitText} or less in total. If several qualify, choose the one with the highest rating. Tell me its name, its total time and its rating.`,
    groups: [
      {
        description: 'The recipe meets every constraint',
        facts: [
          answerFact(
            `The recipe named is a ${cuisine} recipe`,
            named((r) => r.cuisine === cuisine),
          ),
          answerFact(
            `The recipe named is ${diet.label.toLowerCase()}`,
            named((r) => r.diets.includes(diet.id)),
          ),
          answerFact(
            `The recipe named takes ${limitText} or less in total`,
            named((r) => r.total <= limit),
          ),
        ],
      },
      {
        description: 'It is the highest-rated such recipe',
        facts: [
          answerFact(`The answer names "${best.name}"`, (text) => answerMentions(text, best.name)),
          answerFact(`The answer gives its total time, ${formatDuration(best.total)}`, (text) =>
            mentionsMinutes(text, best.total),
          ),
          answerFact(`The answer gives its rating, ${best.rating.toFixed(1)}`, (text) =>
            answerMentions(text, best.rating.toFixed(1)),
          ),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {
        op: 'click',
        target: {selector: 'nav.main-nav a[href="/recipes"]', description: 'the "All Recipes" link in the navigation'},
      },
      {
        op: 'click',
        target: {
          selector: `a.facet-cuisine[data-cuisine="${cuisine}"]`,
          description: `the "${cuisine}" cuisine filter`,
        },
      },
      {
        op: 'click',
        target: {selector: `a.facet-diet[data-diet="${diet.id}"]`, description: `the "${diet.label}" diet filter`},
      },
      {
        op: 'click',
        target: {
          selector: `a.facet-time[data-time="${limit}"]`,
          description: `the "${limit === 60 ? '1 hour' : `${limit} minutes`} or less" time filter`,
        },
      },
      {
        op: 'click',
        target: {selector: 'a.sort-option[data-sort="rating"]', description: 'the "Top rated" sort option'},
      },
      {op: 'answer', text: answer},
    ],
  }
}
