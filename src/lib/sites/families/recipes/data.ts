// Content pools (names, reviews, tips, blurbs) and the fixed options of the listing filters and servings scaler.
import type {Diet} from './types.js'

export const NAME_PREFIXES = ['Easy', 'Weeknight', 'Spicy', 'Smoky', 'One-Pan', 'Homestyle', 'Best-Ever', 'Crispy']
export const AUTHORS = [
  'Ana Lucía Ortega',
  'Ben Whitaker',
  'Chloé Marchand',
  'Deepa Raman',
  'Elena Kostas',
  'Hiro Tanaka',
  'Jamal Carter',
  'Kim Soo-ah',
  'Marco Bellini',
  'Nadia Haddad',
  'Priya Nair',
  "Sam O'Neill",
]
export const REVIEWERS = [
  'Linda M.',
  'Greg T.',
  'Sofia R.',
  'Kwame A.',
  'Hannah B.',
  'Diego F.',
  'Mei L.',
  'Olivia P.',
  'Raj S.',
  'Claire D.',
  'Tomás V.',
  'Beth W.',
]
export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Made this for a dinner party and everyone asked for the recipe. A keeper!',
    'Absolutely delicious. I followed it exactly and would not change a thing.',
    'This is now in our weekly rotation. The kids love it too.',
    'Easy to follow and ready in the time stated. Fantastic flavor.',
  ],
  4: [
    'Really good. I doubled the garlic and it was even better.',
    'Great recipe, though it took me a little longer than stated.',
    'Tasty and simple. Next time I will add a bit more spice.',
  ],
  3: [
    'Good, but it needed more seasoning for our taste.',
    'Nice enough, though a little bland. I added lemon at the end.',
  ],
  2: [
    'Too salty for us. I would cut the salt in half next time.',
    'Did not turn out like the photo. Maybe my pan was too small.',
  ],
}
export const TIPS = [
  'Leftovers keep in an airtight container in the fridge for up to 3 days.',
  'Make it ahead: the flavors are even better the next day.',
  'Prep all your ingredients before you start cooking; once the pan is hot, things move quickly.',
  'Taste and adjust the seasoning at the end; a squeeze of lemon brightens almost everything.',
  'This freezes well for up to 2 months. Thaw overnight in the fridge before reheating.',
]
export const DESCRIPTION_OPENERS = [
  'This {name} is one of our most-saved {cuisine} recipes, and it is easy to see why.',
  'Our {name} is the kind of {cuisine} cooking we make on repeat.',
  'Bright, comforting and reliable: this {name} never lets us down.',
  'Few dishes say {cuisine} home cooking like a good {name}.',
]
export const DESCRIPTION_CLOSERS = [
  'It is ready in {time}, with {steps} clear steps and ingredients you can find at any supermarket.',
  'Plan on {time} from start to finish, most of it hands-off.',
  'Tested three times in our kitchen, it takes {time} and makes {servings} servings.',
]
export const PUBLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

// Options of the listing filters and the servings scaler.
export const PAGE_SIZE = 12
export const DIETS: readonly {id: Diet; label: string; badge: string}[] = [
  {id: 'vegetarian', label: 'Vegetarian', badge: 'V'},
  {id: 'vegan', label: 'Vegan', badge: 'VG'},
  {id: 'gluten-free', label: 'Gluten-free', badge: 'GF'},
]
export const TIME_LIMITS = [15, 30, 45, 60] as const
export const SERVING_CHOICES = [2, 4, 6, 8, 12] as const
export const MAX_SERVINGS = 48
