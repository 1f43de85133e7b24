// Request routing and the form posts: saving to the recipe box and posting a review.
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import {boxPage} from './pages/box.js'
import {home} from './pages/home.js'
import {listingPage} from './pages/listing.js'
import {recipePage, viewOf} from './pages/recipe.js'
import {nav, recipePath} from './pages/shell.js'
import type {Context, Recipe, RecipesModel} from './types.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/recipes') return htmlReply(listingPage(request.query, context))
  if (path === '/box' && method === 'POST') return updateBox(request.form, context)
  if (path === '/box') return htmlReply(boxPage(context))
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(context.model),
        `${context.site.name} publishes tested home-cooking recipes from ${context.model.cuisines.length} cuisines. Every recipe is cooked at least three times in our test kitchen before it goes live.`,
      ),
    )
  const review = route(path, '/recipe/:key/review')
  if (review && method === 'POST') {
    const recipe = recipeByKey(context.model, review.key!)
    if (recipe) return postReview(recipe, request.form, context)
  }
  const detail = route(path, '/recipe/:key')
  if (detail) {
    const recipe = recipeByKey(context.model, detail.key!)
    if (recipe) return htmlReply(recipePage(recipe, context, viewOf(recipe, request.query)))
  }
  return htmlReply(notFoundPage(context.site, nav(context.model)), 404)
}

function recipeByKey(model: RecipesModel, key: string): Recipe | undefined {
  const id = Number.parseInt(key, 10)
  return model.recipes.find((r) => r.id === id)
}

function postReview(recipe: Recipe, form: URLSearchParams, context: Context): SiteReply {
  const rating = Number(form.get('rating'))
  const name = (form.get('name') ?? '').trim()
  const text = (form.get('text') ?? '').trim()
  const errors: Record<string, string> = {}
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = 'Choose a rating from 1 to 5 stars.'
  if (name.length < 2 || name.length > 40) errors.name = 'Enter your name (2 to 40 characters).'
  if (text.length < 10) errors.text = 'Your review needs at least 10 characters.'
  else if (text.length > 1000) errors.text = 'Keep your review under 1,000 characters.'
  if (Object.keys(errors).length > 0)
    return htmlReply(
      recipePage(recipe, context, {
        servings: recipe.servings,
        units: 'us',
        notice: '',
        reviewForm: {values: form, errors},
      }),
      422,
    )
  context.state.reviews.push({recipeId: recipe.id, rating, name, text, date: context.model.today})
  return redirect(`${recipePath(recipe)}?reviewed=1#reviews`)
}

function updateBox(form: URLSearchParams, context: Context): SiteReply {
  const recipe = recipeByKey(context.model, form.get('recipe') ?? '')
  if (!recipe) return redirect('/box')
  const {state} = context
  if (form.get('action') === 'add') {
    if (!state.box.includes(recipe.id)) state.box.push(recipe.id)
    return redirect(`${recipePath(recipe)}?saved=1`)
  }
  state.box = state.box.filter((id) => id !== recipe.id)
  return redirect(form.get('from') === 'recipe' ? `${recipePath(recipe)}?removed=1` : '/box')
}
