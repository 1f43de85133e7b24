// Recipe site types: the model (recipes, ingredients, layout) and the session state (recipe box, posted reviews).
import type {SiteContext} from '../../types.js'

export type UsUnit = 'cup' | 'tbsp' | 'tsp' | 'oz' | 'lb' | 'clove' | ''
export type Units = 'us' | 'metric'
export type Diet = 'vegetarian' | 'vegan' | 'gluten-free'
export type Course = 'Breakfast' | 'Main course' | 'Soup' | 'Salad' | 'Side dish' | 'Dessert' | 'Drink'

export interface Ingredient {
  /** Quantity in US units for the recipe's own servings. */
  qty: number
  unit: UsUnit
  name: string
  /** Name used when a counted ingredient is more than one, e.g. "large eggs". */
  plural: string
  /** Dietary markers: m meat, f fish, d dairy, e egg, g gluten. */
  tags: string
}

export interface Nutrition {
  calories: number
  fat: number
  saturatedFat: number
  carbs: number
  fiber: number
  sugar: number
  protein: number
  sodium: number
}

export interface Review {
  author: string
  rating: number
  date: string
  text: string
}

export interface Recipe {
  id: number
  name: string
  slug: string
  cuisine: string
  course: Course
  diets: Diet[]
  prep: number
  cook: number
  total: number
  servings: number
  ingredients: Ingredient[]
  steps: string[]
  tip: string
  nutrition: Nutrition
  rating: number
  ratingCount: number
  reviews: Review[]
  author: string
  published: string
  /** Days since 2026-01-01, for the "Newest" sort. */
  publishedDay: number
  description: string
  difficulty: 'Easy' | 'Intermediate' | 'Advanced'
}

export type ListingLayout = 'grid3' | 'grid4' | 'list'

export interface RecipesModel {
  tagline: string
  cuisines: string[]
  courses: Course[]
  recipes: Recipe[]
  layout: {listing: ListingLayout; sidebar: 'left' | 'right'; recipeColumns: boolean; heroImageRight: boolean}
  /** The date stamped on reviews posted during a session. */
  today: string
}

interface PostedReview {
  recipeId: number
  rating: number
  name: string
  text: string
  date: string
}

export interface RecipesState {
  /** Ids of the recipes saved to the recipe box, in the order they were saved. */
  box: number[]
  reviews: PostedReview[]
}

export type Context = SiteContext<RecipesModel, RecipesState>
