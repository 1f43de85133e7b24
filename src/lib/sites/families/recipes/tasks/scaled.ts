// Scaled-amount tasks: a recipe scaled to other servings, with the amounts in US or metric units.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick, sample, shuffle} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {SERVING_CHOICES} from '../data.js'
import {METRIC, metricAmount, scaledQuantity, scalesExactly} from '../quantities.js'
import type {Ingredient, Recipe, RecipesState} from '../types.js'
import {amountFacts, askable, chooseServings, openRecipe, usAnswer} from './common.js'

interface ScaledPick {
  recipe: Recipe
  servings: number
  ingredients: [Ingredient, Ingredient]
}

/** A recipe, a servings count other than its own, and two ingredients whose scaled amounts are exact and differ from the original. */
export function pickScaled(
  candidates: Recipe[],
  metric: boolean,
  rng: SeededRandom,
  avoid: Set<number>,
): ScaledPick | undefined {
  for (const recipe of candidates) {
    if (avoid.has(recipe.id)) continue
    for (const servings of shuffle(
      rng,
      SERVING_CHOICES.filter((s) => s !== recipe.servings),
    )) {
      const factor = servings / recipe.servings
      const usable = askable(recipe).filter(
        (i) =>
          scalesExactly(i, factor) &&
          (!metric || (METRIC[i.unit] !== undefined && i.unit !== 'tsp')) &&
          (metric
            ? metricAmount(scaledQuantity(i, factor), i.unit)!.value !== metricAmount(i.qty, i.unit)!.value
            : true),
      )
      const volume = usable.filter((i) => METRIC[i.unit]?.unit === 'ml')
      const weight = usable.filter((i) => METRIC[i.unit]?.unit === 'g')
      const pair =
        metric && volume.length > 0 && weight.length > 0
          ? [pick(rng, volume), pick(rng, weight)]
          : sample(rng, usable, 2)
      if (pair.length === 2) return {recipe, servings, ingredients: [pair[0]!, pair[1]!]}
    }
  }
  return undefined
}

function metricAnswer(
  ingredient: Ingredient,
  factor: number,
): {value: number; shown: string; unit: string; label: string} {
  const metric = metricAmount(scaledQuantity(ingredient, factor), ingredient.unit)!
  return {
    value: metric.value,
    shown: String(metric.value),
    unit: metric.unit,
    label: metric.unit === 'ml' ? 'millilitres (ml)' : 'grams (g)',
  }
}

/** Medium: two amounts after scaling with the servings adjuster. */
export function scaleTask(site: SiteInfo, scaled: ScaledPick): FixtureTaskDef<RecipesState> {
  const factor = scaled.servings / scaled.recipe.servings
  const [x, y] = scaled.ingredients.map((i) => ({ingredient: i, ...usAnswer(i, factor)})) as [
    ReturnType<typeof usAnswer> & {ingredient: Ingredient},
    ReturnType<typeof usAnswer> & {ingredient: Ingredient},
  ]
  const answer = `${x.shown} ${x.label} of ${x.ingredient.name} and ${y.shown} ${y.label} of ${y.ingredient.name}`
  return {
    key: `scale-${scaled.recipe.id}-${scaled.servings}`,
    kind: 'lookup',
    intent: `On ${site.name}, I want to make the "${scaled.recipe.name}" recipe for ${scaled.servings} people. Using the recipe's servings adjuster, how much ${x.ingredient.name} and how much ${y.ingredient.name} will I need?`,
    groups: [
      {
        description: `${x.ingredient.name} for ${scaled.servings} servings`,
        facts: amountFacts(x.ingredient, x.value, x.shown, x.unit, x.label),
      },
      {
        description: `${y.ingredient.name} for ${scaled.servings} servings`,
        facts: amountFacts(y.ingredient, y.value, y.shown, y.unit, y.label),
      },
    ],
    referenceAnswer: answer,
    solution: [...openRecipe(scaled.recipe), chooseServings(scaled.servings), {op: 'answer', text: answer}],
  }
}

/** Medium: two amounts, scaled and in metric units. */
export function metricTask(site: SiteInfo, metric: ScaledPick): FixtureTaskDef<RecipesState> {
  const factor = metric.servings / metric.recipe.servings
  const [x, y] = metric.ingredients.map((i) => ({ingredient: i, ...metricAnswer(i, factor)})) as [
    ReturnType<typeof metricAnswer> & {ingredient: Ingredient},
    ReturnType<typeof metricAnswer> & {ingredient: Ingredient},
  ]
  const answer = `${x.shown} ${x.unit} of ${x.ingredient.name} and ${y.shown} ${y.unit} of ${y.ingredient.name}`
  return {
    key: `metric-${metric.recipe.id}-${metric.servings}`,
    kind: 'lookup',
    intent: `On ${site.name}, I am cooking the "${metric.recipe.name}" recipe for ${metric.servings} people and only have metric measuring tools. Scale the recipe to ${metric.servings} servings and switch it to metric units: how much ${x.ingredient.name} and how much ${y.ingredient.name} do I need?`,
    groups: [
      {
        description: `${x.ingredient.name} in metric for ${metric.servings} servings`,
        facts: amountFacts(x.ingredient, x.value, x.shown, x.unit, x.label),
      },
      {
        description: `${y.ingredient.name} in metric for ${metric.servings} servings`,
        facts: amountFacts(y.ingredient, y.value, y.shown, y.unit, y.label),
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...openRecipe(metric.recipe),
      chooseServings(metric.servings),
      {op: 'click', target: {selector: 'a.unit-option[data-units="metric"]', description: 'the "Metric" units toggle'}},
      {op: 'answer', text: answer},
    ],
  }
}
