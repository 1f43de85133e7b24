// The model builder: picks cuisines and dishes and makes each recipe with its nutrition and reviews.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {slugify} from '../../slug.js'
import {between, pick, sample, shuffle} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {CUISINES, type CuisineDef, type DishDef, MAINS, type MainDef} from './cuisines.js'
import {
  AUTHORS,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  NAME_PREFIXES,
  PUBLISH_MONTHS,
  REVIEWERS,
  REVIEW_TEXTS,
  TIPS,
} from './data.js'
import {formatDuration, parseIngredient, scaledQuantity} from './quantities.js'
import type {Course, Diet, ListingLayout, Nutrition, Recipe, RecipesModel, Review} from './types.js'

const COURSE_ORDER: readonly Course[] = ['Breakfast', 'Main course', 'Soup', 'Salad', 'Side dish', 'Dessert', 'Drink']

interface RecipeDraft {
  name: string
  cuisine: string
  dish: DishDef
  main?: MainDef
}

export function makeModel(site: SiteInfo, rng: SeededRandom): RecipesModel {
  const cuisineDefs = sample(rng, CUISINES, between(rng, 6, 8))
  const authors = sample(rng, AUTHORS, 5)
  const drafts = shuffle(
    rng,
    cuisineDefs.flatMap((cuisine) => draftsFor(cuisine, rng)),
  )
  const chosen = drafts.slice(0, Math.min(drafts.length, between(rng, 46, 58)))
  const recipeList = chosen.map((draft, index) =>
    makeRecipe(draft, 101 + index * 3 + rng.below(3), pick(rng, authors), rng),
  )
  const cuisines = cuisineDefs.map((c) => c.name).filter((name) => recipeList.some((r) => r.cuisine === name))
  const courses = COURSE_ORDER.filter((course) => recipeList.some((r) => r.course === course))
  const listings: ListingLayout[] = ['grid3', 'grid4', 'list']
  return {
    tagline: pick(rng, [
      'Real food for real kitchens',
      'Tested recipes for every night of the week',
      'Cook something wonderful tonight',
      'Home cooking, made simple',
    ]),
    cuisines,
    courses,
    recipes: recipeList,
    layout: {
      listing: listings[site.variant % 3]!,
      sidebar: Math.floor(site.variant / 3) % 2 === 0 ? 'left' : 'right',
      recipeColumns: rng.below(3) !== 0,
      heroImageRight: rng.below(2) === 0,
    },
    today: `${pick(rng, PUBLISH_MONTHS.slice(5, 9))} ${between(rng, 1, 28)}, 2027`,
  }
}

function draftsFor(cuisine: CuisineDef, rng: SeededRandom): RecipeDraft[] {
  const drafts: RecipeDraft[] = []
  for (const dish of cuisine.dishes) {
    if (!dish.mains) {
      drafts.push({name: dish.title, cuisine: cuisine.name, dish})
      continue
    }
    for (const key of dish.mains) {
      const main: MainDef = MAINS[key]
      const plain = dish.title.replace('{main}', main.title)
      const name = rng.below(4) === 0 ? `${pick(rng, NAME_PREFIXES)} ${plain}` : plain
      drafts.push({name, cuisine: cuisine.name, dish, main})
    }
  }
  return drafts
}

function roundTo5(minutes: number): number {
  return Math.round(minutes / 5) * 5
}

function makeRecipe(draft: RecipeDraft, id: number, author: string, rng: SeededRandom): Recipe {
  const {dish, main} = draft
  const factor = pick(rng, [1, 1, 1, 1.5, 2, 0.5])
  const servings = 4 * factor
  const ingredients = [...(main ? [main.ingredient] : []), ...dish.base]
    .map(parseIngredient)
    .map((ing) => ({...ing, qty: scaledQuantity(ing, factor)}))
  const steps = dish.steps.map((step) => step.replaceAll('{main}', main?.noun ?? ''))
  const prep = roundTo5(between(rng, dish.prep[0], dish.prep[1]))
  const cook = dish.cook[1] === 0 ? 0 : roundTo5(between(rng, dish.cook[0], dish.cook[1]) + (main?.extraCook ?? 0))
  const total = prep + cook
  const tags = ingredients.map((i) => i.tags).join('')
  const vegetarian = !/[mf]/.test(tags)
  const diets: Diet[] = [
    ...(vegetarian ? ['vegetarian' as const] : []),
    ...(vegetarian && !/[de]/.test(tags) ? ['vegan' as const] : []),
    ...(!tags.includes('g') ? ['gluten-free' as const] : []),
  ]
  const publishedDay = rng.below(400)
  const rating = Math.round((3.4 + rng.nextFloat() * 1.6) * 10) / 10
  const fill = (template: string) =>
    template
      .replace('{name}', draft.name)
      .replace('{cuisine}', draft.cuisine)
      .replace('{time}', formatDuration(total))
      .replace('{steps}', String(steps.length))
      .replace('{servings}', String(servings))
  return {
    id,
    name: draft.name,
    slug: slugify(draft.name),
    cuisine: draft.cuisine,
    course: dish.course,
    diets,
    prep,
    cook,
    total,
    servings,
    ingredients,
    steps,
    tip: pick(rng, TIPS),
    nutrition: makeNutrition(dish.course, Boolean(main && /[mf]/.test(parseIngredient(main.ingredient).tags)), rng),
    rating,
    ratingCount: between(rng, 9, 1400),
    reviews: makeReviews(rating, publishedDay, rng),
    author,
    published: dateFromDay(publishedDay),
    publishedDay,
    description: `${fill(pick(rng, DESCRIPTION_OPENERS))} ${fill(pick(rng, DESCRIPTION_CLOSERS))}`,
    difficulty: total <= 30 && steps.length <= 4 ? 'Easy' : total > 75 ? 'Advanced' : 'Intermediate',
  }
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** "March 4, 2026" for a day counted from 2026-01-01 (both years have 365 days). */
function dateFromDay(day: number): string {
  let rest = day % 730
  const year = 2026 + Math.floor(rest / 365)
  rest %= 365
  let month = 0
  while (rest >= MONTH_DAYS[month]!) rest -= MONTH_DAYS[month++]!
  return `${PUBLISH_MONTHS[month]} ${rest + 1}, ${year}`
}

function makeNutrition(course: Course, hasMeat: boolean, rng: SeededRandom): Nutrition {
  const [low, high] =
    course === 'Main course'
      ? [380, 720]
      : course === 'Dessert'
        ? [260, 540]
        : course === 'Drink'
          ? [150, 290]
          : course === 'Breakfast'
            ? [260, 520]
            : [140, 380]
  const calories = roundTo5(between(rng, low, high))
  const protein = Math.round((calories * (hasMeat ? 0.3 : 0.14)) / 4)
  const fat = Math.round((calories * (0.25 + rng.nextFloat() * 0.15)) / 9)
  const carbs = Math.max(2, Math.round((calories - protein * 4 - fat * 9) / 4))
  return {
    calories,
    fat,
    saturatedFat: Math.round(fat * (0.2 + rng.nextFloat() * 0.3)),
    carbs,
    fiber: between(rng, 1, 11),
    sugar: course === 'Dessert' || course === 'Drink' ? between(rng, 18, 42) : between(rng, 2, 12),
    protein,
    sodium: roundTo5(between(rng, 140, 1180)),
  }
}

function makeReviews(rating: number, publishedDay: number, rng: SeededRandom): Review[] {
  const count = between(rng, 3, 6)
  const authors = sample(rng, REVIEWERS, count)
  return authors.map((author, index) => {
    const stars = Math.max(2, Math.min(5, Math.round(rating + (rng.nextFloat() - 0.5) * 2)))
    return {
      author,
      rating: stars,
      date: dateFromDay(publishedDay + 6 + index * between(rng, 3, 18)),
      text: pick(rng, REVIEW_TEXTS[stars]!),
    }
  })
}
