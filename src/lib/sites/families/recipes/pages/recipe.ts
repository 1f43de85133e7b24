// The recipe page: servings scaler, US/metric toggle, directions, nutrition, reviews and the review form.
import {slugify} from '../../../slug.js'
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb, stars} from '../../../layout.js'
import {MAX_SERVINGS, SERVING_CHOICES} from '../data.js'
import {formatDuration, ingredientLine} from '../quantities.js'
import type {Context, Recipe, Units} from '../types.js'
import {dietBadges, imageOf, recipePath, shell} from './shell.js'

interface RecipeView {
  servings: number
  units: Units
  notice: 'saved' | 'removed' | 'reviewed' | ''
  reviewForm?: {values: URLSearchParams; errors: Record<string, string>}
}

export function viewOf(recipe: Recipe, query: URLSearchParams): RecipeView {
  const servings = Number.parseInt(query.get('servings') ?? '', 10)
  const notice =
    query.get('saved') === '1'
      ? 'saved'
      : query.get('removed') === '1'
        ? 'removed'
        : query.get('reviewed') === '1'
          ? 'reviewed'
          : ''
  return {
    servings: servings >= 1 && servings <= MAX_SERVINGS ? servings : recipe.servings,
    units: query.get('units') === 'metric' ? 'metric' : 'us',
    notice,
  }
}

function viewHref(recipe: Recipe, servings: number, units: Units): string {
  return `${recipePath(recipe)}${queryString({servings: servings === recipe.servings ? '' : servings, units: units === 'us' ? '' : units})}#ingredients`
}

const NOTICES: Record<Exclude<RecipeView['notice'], ''>, string> = {
  saved: 'Saved to your recipe box.',
  removed: 'Removed from your recipe box.',
  reviewed: 'Thanks! Your review has been posted and is awaiting moderation.',
}

function saveControl(recipe: Recipe, saved: boolean): Html {
  if (!saved)
    return html`<form method="post" action="/box" class="save-form"><input type="hidden" name="action" value="add"><input type="hidden" name="recipe" value="${recipe.id}"><button type="submit" class="btn btn-primary save-recipe">♡ Save to recipe box</button></form>`
  return html`<form method="post" action="/box" class="save-form"><input type="hidden" name="action" value="remove"><input type="hidden" name="recipe" value="${recipe.id}"><input type="hidden" name="from" value="recipe"><span class="saved-label">♥ Saved in your recipe box</span> <button type="submit" class="btn unsave-recipe">Remove</button></form>`
}

function ingredientsPanel(recipe: Recipe, view: RecipeView): Html {
  const factor = view.servings / recipe.servings
  const choices = [...new Set([...SERVING_CHOICES, recipe.servings])].sort((a, b) => a - b)
  return html`<section class="card ingredients" id="ingredients">
    <h2>Ingredients</h2>
    <div class="scaler">
      <span class="scaler-label">Servings</span>
      <div class="stepper">
        ${view.servings > 1 ? html`<a class="step-btn servings-minus" href="${viewHref(recipe, view.servings - 1, view.units)}" aria-label="Fewer servings">−</a>` : html`<span class="step-btn disabled">−</span>`}
        <span class="servings-value">${view.servings}</span>
        ${view.servings < MAX_SERVINGS ? html`<a class="step-btn servings-plus" href="${viewHref(recipe, view.servings + 1, view.units)}" aria-label="More servings">+</a>` : html`<span class="step-btn disabled">+</span>`}
      </div>
      <div class="servings-options">${choices.map((s) => html`<a class="servings-option${s === view.servings ? ' active' : ''}" data-servings="${s}" href="${viewHref(recipe, s, view.units)}">${s}</a>`)}</div>
    </div>
    <div class="unit-toggle" role="group" aria-label="Units">
      <a class="unit-option${view.units === 'us' ? ' active' : ''}" data-units="us" href="${viewHref(recipe, view.servings, 'us')}">US</a><a class="unit-option${view.units === 'metric' ? ' active' : ''}" data-units="metric" href="${viewHref(recipe, view.servings, 'metric')}">Metric</a>
    </div>
    ${view.servings === recipe.servings ? html`<p class="muted scale-note">Makes ${recipe.servings} servings.</p>` : html`<p class="scale-note"><strong>Scaled to ${view.servings} servings</strong> <span class="muted">(original recipe makes ${recipe.servings}). <a href="${viewHref(recipe, recipe.servings, view.units)}">Reset</a></span></p>`}
    <ul class="ingredient-list">${recipe.ingredients.map((ingredient) => {
      const line = ingredientLine(ingredient, factor, view.units)
      return html`<li class="ingredient" data-ingredient="${slugify(ingredient.name)}"><span class="tick" aria-hidden="true"></span><span class="amount"><span class="qty">${line.amount}</span>${line.unit ? html` <span class="unit">${line.unit}</span>` : ''}</span> <span class="ing-name">${line.name}</span></li>`
    })}</ul>
    ${view.units === 'metric' ? html`<p class="muted small">Metric amounts are converted at 1 cup = 240 ml, 1 tbsp = 15 ml, 1 tsp = 5 ml, 1 oz = 28.35 g, 1 lb = 453.6 g and rounded.</p>` : ''}
  </section>`
}

function nutritionTable(recipe: Recipe): Html {
  const n = recipe.nutrition
  const rows: [string, string][] = [
    ['Calories', String(n.calories)],
    ['Total fat', `${n.fat} g`],
    ['Saturated fat', `${n.saturatedFat} g`],
    ['Carbohydrates', `${n.carbs} g`],
    ['Dietary fiber', `${n.fiber} g`],
    ['Sugars', `${n.sugar} g`],
    ['Protein', `${n.protein} g`],
    ['Sodium', `${n.sodium} mg`],
  ]
  return html`<section class="card nutrition" id="nutrition"><h2>Nutrition facts <span class="muted small">(per serving)</span></h2>
    <table class="nutrition-table">${rows.map(([label, value]) => html`<tr><th>${label}</th><td>${value}</td></tr>`)}</table>
    <p class="muted small">Estimated values based on the original ${recipe.servings} servings.</p></section>`
}

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent']

function reviewForm(recipe: Recipe, form: RecipeView['reviewForm']): Html {
  const values = form?.values ?? new URLSearchParams()
  const errors = form?.errors ?? {}
  const chosen = Number(values.get('rating') ?? 0)
  const fieldError = (name: string) => (errors[name] ? html`<div class="error-text">${errors[name]}</div>` : '')
  return html`<form class="card review-form" id="write-review" method="post" action="${recipePath(recipe)}/review" novalidate>
    <h3>Write a review</h3>
    ${Object.keys(errors).length > 0 ? html`<div class="alert alert-error" role="alert">Please fix the highlighted fields.</div>` : ''}
    <div class="field star-field${errors.rating ? ' invalid' : ''}">
      <span class="field-label">Your rating</span>
      <div class="star-input">${[5, 4, 3, 2, 1].map((r) => html`<input type="radio" id="rating-${r}" name="rating" value="${r}" data-word="${STAR_WORDS[r]}"${chosen === r ? html` checked` : ''}><label for="rating-${r}" title="${r} ${r === 1 ? 'star' : 'stars'} – ${STAR_WORDS[r]}">★</label>`)}</div>
      <span class="star-choice muted">${chosen ? `${chosen} out of 5 stars – ${STAR_WORDS[chosen]}` : 'Click a star to rate'}</span>
      ${fieldError('rating')}
    </div>
    <div class="field${errors.name ? ' invalid' : ''}"><label for="review-name">Your name</label><input id="review-name" name="name" type="text" value="${values.get('name') ?? ''}" placeholder="e.g. Sam K." style="width:100%;max-width:360px">${fieldError('name')}</div>
    <div class="field${errors.text ? ' invalid' : ''}"><label for="review-text">Your review</label><textarea id="review-text" name="text" rows="4" style="width:100%" placeholder="What did you think? Did you change anything?">${values.get('text') ?? ''}</textarea>${fieldError('text')}<div class="hint">At least 10 characters.</div></div>
    <button type="submit" class="btn btn-dark submit-review">Post review</button>
  </form>`
}

const STAR_SCRIPT = `document.querySelectorAll('.star-input input').forEach(function(input){input.addEventListener('change',function(){var out=document.querySelector('.star-choice');if(out)out.textContent=input.value+' out of 5 stars – '+input.dataset.word})})`

export function recipePage(recipe: Recipe, context: Context, view: RecipeView): string {
  const {model, state} = context
  const saved = state.box.includes(recipe.id)
  const posted = state.reviews.filter((r) => r.recipeId === recipe.id)
  const facts: [string, string][] = [
    ['Prep', formatDuration(recipe.prep)],
    ['Cook', recipe.cook === 0 ? 'No cooking' : formatDuration(recipe.cook)],
    ['Total', formatDuration(recipe.total)],
    ['Servings', String(recipe.servings)],
  ]
  const steps = html`<section class="card directions"><h2>Directions</h2><ol class="steps">${recipe.steps.map((step, i) => html`<li class="step"><span class="step-number">Step ${i + 1}</span><p>${step}</p></li>`)}</ol>
    <div class="tip"><strong>Cook's tip:</strong> ${recipe.tip}</div></section>`
  return shell(
    context,
    recipe.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: '/recipes', label: 'Recipes'},
        {href: `/recipes${queryString({cuisine: recipe.cuisine})}`, label: recipe.cuisine},
      ],
      recipe.name,
    )}
    ${view.notice ? html`<div class="alert alert-ok" role="status">${NOTICES[view.notice]} ${view.notice === 'saved' ? html`<a href="/box">View recipe box</a>` : ''}</div>` : ''}
    <article class="recipe">
      <header class="recipe-header">
        <div class="kicker">${recipe.cuisine} · ${recipe.course}</div>
        <h1 class="recipe-name">${recipe.name}</h1>
        <div class="recipe-rating">${stars(recipe.rating)} <strong class="rating-value">${recipe.rating.toFixed(1)}</strong> <span class="muted">(${recipe.ratingCount} ratings)</span> · <a href="#reviews">${recipe.reviews.length + posted.length} reviews</a></div>
        <div class="byline"><img class="avatar" src="/img/portrait/${slugify(recipe.author)}.svg" alt="" width="36" height="36"> By <strong>${recipe.author}</strong> <span class="muted">· Published ${recipe.published}</span></div>
        <p class="description">${recipe.description}</p>
        <div class="actions">${saveControl(recipe, saved)}<a class="btn" href="#ingredients">Jump to recipe</a><a class="btn" href="#write-review">★ Rate it</a></div>
      </header>
      <div class="recipe-top">
        <img class="recipe-photo" src="${imageOf(recipe)}" alt="${recipe.name}" width="640" height="480">
        <div class="card facts-box">
          <dl class="time-facts">${facts.map(([label, value]) => html`<div class="fact"><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>
          <p><strong>Difficulty:</strong> ${recipe.difficulty}</p>
          <p><strong>Cuisine:</strong> <a href="/recipes${queryString({cuisine: recipe.cuisine})}">${recipe.cuisine}</a> · <strong>Course:</strong> ${recipe.course}</p>
          <div class="diet-row">${recipe.diets.length > 0 ? dietBadges(recipe) : html`<span class="muted">No special diets</span>`}</div>
        </div>
      </div>
      <div class="${model.layout.recipeColumns ? 'recipe-body columns' : 'recipe-body stacked'}">
        ${ingredientsPanel(recipe, view)}
        ${steps}
      </div>
      ${nutritionTable(recipe)}
      <section class="card reviews" id="reviews">
        <h2>Reviews <span class="muted">(${recipe.reviews.length + posted.length})</span></h2>
        <div class="review-summary">${stars(recipe.rating)} <strong>${recipe.rating.toFixed(1)} out of 5</strong> <span class="muted">from ${recipe.ratingCount} ratings</span></div>
        ${posted.map((r) => html`<div class="review own-review"><div><strong>${r.name}</strong> ${stars(r.rating)} <span class="muted">${r.date}</span> <span class="badge">Awaiting moderation</span></div><p>${r.text}</p></div>`)}
        ${recipe.reviews.map((r) => html`<div class="review"><div><strong>${r.author}</strong> ${stars(r.rating)} <span class="muted">${r.date}</span></div><p>${r.text}</p></div>`)}
        ${reviewForm(recipe, view.reviewForm)}
      </section>
    </article>`,
    {script: STAR_SCRIPT},
  )
}
