// The recipes family: a filterable recipe listing, recipe pages with a servings scaler and US/metric toggle, reviews and a recipe box.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel} from './model.js'
import {makeTasks} from './tasks/index.js'
import type {RecipesModel, RecipesState} from './types.js'

export const recipes: SiteFamily<RecipesModel, RecipesState> = {
  id: 'recipes',
  domain: 'Lifestyle & Leisure',
  subdomain: 'Food & Cooking',
  brandWords: {
    first: [
      'Saffron',
      'Butterbean',
      'Skillet',
      'Olive Grove',
      'Honeycrumb',
      'Wooden Spoon',
      'Ginger',
      'Pepperpot',
      'Cinnamon',
      'Sweet Basil',
    ],
    second: ['Kitchen', 'Recipes', 'Table', 'Cookbook', 'Eats', 'Pantry', 'Plate', 'Supper Club'],
  },
  model: makeModel,
  initialState: () => ({box: [], reviews: []}),
  handle,
  tasks: makeTasks,
}

export type {RecipesModel, RecipesState} from './types.js'
