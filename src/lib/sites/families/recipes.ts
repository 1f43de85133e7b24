import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep} from '../../schema/solution.js'
import {answerMentions, normaliseAnswer} from '../check-helpers.js'
import {slugify} from '../slug.js'
import {html, queryString, raw, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, pagination, stars, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample, shuffle} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {CheckInput, FactDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// A recipe site: a filterable recipe listing, recipe pages with a servings scaler and a US/metric toggle, reviews
// with a "write a review" form, and a recipe box that keeps saved recipes for the session.

type UsUnit = 'cup' | 'tbsp' | 'tsp' | 'oz' | 'lb' | 'clove' | ''
type Units = 'us' | 'metric'
type Diet = 'vegetarian' | 'vegan' | 'gluten-free'
type Course = 'Breakfast' | 'Main course' | 'Soup' | 'Salad' | 'Side dish' | 'Dessert' | 'Drink'

interface Ingredient {
  /** Quantity in US units for the recipe's own servings. */
  qty: number
  unit: UsUnit
  name: string
  /** Name used when a counted ingredient is more than one, e.g. "large eggs". */
  plural: string
  /** Dietary markers: m meat, f fish, d dairy, e egg, g gluten. */
  tags: string
}

interface Nutrition {
  calories: number
  fat: number
  saturatedFat: number
  carbs: number
  fiber: number
  sugar: number
  protein: number
  sodium: number
}

interface Review {
  author: string
  rating: number
  date: string
  text: string
}

interface Recipe {
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

type ListingLayout = 'grid3' | 'grid4' | 'list'

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

// ---------------------------------------------------------------------------------------------------------------
// Content data. Ingredients are written for 4 servings as "QTY [UNIT] NAME[|PLURAL] [#tag...]".

interface MainDef {
  title: string
  noun: string
  ingredient: string
  extraCook: number
}

const MAINS = {
  chicken: {title: 'Chicken', noun: 'chicken', ingredient: '1 1/2 lb boneless chicken thighs #m', extraCook: 10},
  beef: {title: 'Beef', noun: 'beef', ingredient: '1 lb flank steak #m', extraCook: 10},
  pork: {title: 'Pork', noun: 'pork', ingredient: '1 lb pork tenderloin #m', extraCook: 10},
  lamb: {title: 'Lamb', noun: 'lamb', ingredient: '1 1/2 lb boneless lamb shoulder #m', extraCook: 25},
  shrimp: {title: 'Shrimp', noun: 'shrimp', ingredient: '1 lb large shrimp #f', extraCook: 0},
  salmon: {title: 'Salmon', noun: 'salmon', ingredient: '1 1/4 lb salmon fillets #f', extraCook: 5},
  cod: {title: 'Cod', noun: 'cod', ingredient: '1 1/2 lb cod fillets #f', extraCook: 5},
  tofu: {title: 'Tofu', noun: 'tofu', ingredient: '14 oz extra-firm tofu', extraCook: 5},
  chickpea: {title: 'Chickpea', noun: 'chickpeas', ingredient: '3 cup cooked chickpeas', extraCook: 0},
  blackbean: {title: 'Black Bean', noun: 'black beans', ingredient: '3 cup cooked black beans', extraCook: 0},
  lentil: {title: 'Lentil', noun: 'lentils', ingredient: '1 cup brown lentils', extraCook: 15},
  mushroom: {title: 'Mushroom', noun: 'mushrooms', ingredient: '16 oz cremini mushrooms', extraCook: 0},
  cauliflower: {title: 'Cauliflower', noun: 'cauliflower', ingredient: '1 medium cauliflower|medium cauliflowers', extraCook: 5},
  sweetpotato: {title: 'Sweet Potato', noun: 'sweet potatoes', ingredient: '2 large sweet potato|large sweet potatoes', extraCook: 10},
  paneer: {title: 'Paneer', noun: 'paneer', ingredient: '12 oz paneer #d', extraCook: 0},
  halloumi: {title: 'Halloumi', noun: 'halloumi', ingredient: '8 oz halloumi #d', extraCook: 0},
  vegetable: {title: 'Vegetable', noun: 'vegetables', ingredient: '4 cup mixed vegetables', extraCook: 0},
} satisfies Record<string, MainDef>

type MainKey = keyof typeof MAINS

interface DishDef {
  /** The recipe name; `{main}` is replaced by the main ingredient's title. */
  title: string
  course: Course
  mains?: MainKey[]
  base: string[]
  /** `{main}` is replaced by the main ingredient's noun. */
  steps: string[]
  prep: [number, number]
  cook: [number, number]
}

interface CuisineDef {
  name: string
  dishes: DishDef[]
}

const CUISINES: CuisineDef[] = [
  {
    name: 'Italian',
    dishes: [
      {
        title: '{main} Risotto',
        course: 'Main course',
        mains: ['mushroom', 'shrimp', 'chicken'],
        base: ['1 1/2 cup arborio rice', '5 cup vegetable stock', '1/2 cup dry white wine', '1 small onion|small onions', '2 clove garlic', '2 tbsp olive oil', '2 tbsp butter #d', '1/2 cup grated parmesan #d'],
        steps: [
          'Warm the stock in a saucepan and keep it at a gentle simmer.',
          'Heat the olive oil in a wide pan and cook the {main} until golden. Set aside.',
          'Soften the onion and garlic in the same pan, then stir in the rice and toast it for 2 minutes.',
          'Pour in the wine and let it bubble away, then add the stock one ladle at a time, stirring until each addition is absorbed.',
          'When the rice is creamy and just tender, fold in the {main}, butter and parmesan. Rest for 2 minutes before serving.',
        ],
        prep: [10, 15],
        cook: [25, 35],
      },
      {
        title: '{main} Penne Arrabbiata',
        course: 'Main course',
        mains: ['chicken', 'shrimp', 'mushroom'],
        base: ['12 oz penne pasta #g', '28 oz canned crushed tomatoes', '3 clove garlic', '1 tsp red pepper flakes', '3 tbsp olive oil', '1/4 cup fresh basil', '1 tsp kosher salt'],
        steps: [
          'Bring a large pot of salted water to a boil and cook the penne until al dente.',
          'Meanwhile, brown the {main} in the olive oil over medium-high heat and transfer to a plate.',
          'Lower the heat, add the garlic and red pepper flakes and cook for 1 minute, until fragrant.',
          'Add the tomatoes and salt and simmer for 10 minutes, then return the {main} to the sauce.',
          'Toss the drained pasta in the sauce and finish with torn basil.',
        ],
        prep: [10, 15],
        cook: [20, 25],
      },
      {
        title: 'Classic Tiramisu',
        course: 'Dessert',
        base: ['6 large egg yolk|large egg yolks #e', '3/4 cup sugar', '16 oz mascarpone #d', '1 1/2 cup heavy cream #d', '2 cup brewed espresso', '24 ladyfinger|ladyfingers #g #e', '2 tbsp cocoa powder'],
        steps: [
          'Whisk the egg yolks and sugar over a pan of simmering water until pale and thick, then let cool.',
          'Beat in the mascarpone until smooth. Whip the cream to soft peaks and fold it in.',
          'Dip each ladyfinger briefly in the cooled espresso and lay half of them in a dish.',
          'Spread with half of the cream, repeat the layers and dust generously with cocoa.',
          'Cover and chill for at least 6 hours, or overnight, before slicing.',
        ],
        prep: [30, 40],
        cook: [5, 10],
      },
      {
        title: 'Margherita Pizza',
        course: 'Main course',
        base: ['1 lb pizza dough #g', '1/2 cup tomato sauce', '8 oz fresh mozzarella #d', '1/4 cup fresh basil', '1 tbsp olive oil', '1/2 tsp flaky sea salt'],
        steps: [
          'Heat the oven to its highest setting with a baking steel or tray inside for 30 minutes.',
          'Stretch the dough into two thin rounds on a floured surface.',
          'Spread with the tomato sauce and scatter over torn mozzarella.',
          'Bake for 8 to 10 minutes, until the crust is blistered and the cheese is bubbling.',
          'Top with basil, a drizzle of olive oil and a pinch of flaky salt.',
        ],
        prep: [20, 25],
        cook: [10, 15],
      },
      {
        title: 'Hearty Minestrone Soup',
        course: 'Soup',
        base: ['2 tbsp olive oil', '1 medium onion|medium onions', '2 medium carrot|medium carrots', '2 stalk celery|stalks celery', '14 oz canned diced tomatoes', '6 cup vegetable stock', '1 1/2 cup cooked cannellini beans', '1/2 cup small pasta #g', '2 cup chopped kale'],
        steps: [
          'Heat the olive oil in a large pot and cook the onion, carrot and celery for 8 minutes.',
          'Add the tomatoes and stock and bring to a simmer.',
          'Stir in the beans and pasta and cook for 10 minutes, until the pasta is tender.',
          'Add the kale for the last 3 minutes, season and serve with crusty bread.',
        ],
        prep: [15, 20],
        cook: [30, 40],
      },
    ],
  },
  {
    name: 'Mexican',
    dishes: [
      {
        title: '{main} Tacos',
        course: 'Main course',
        mains: ['chicken', 'beef', 'shrimp', 'blackbean', 'mushroom', 'sweetpotato'],
        base: ['8 corn tortilla|corn tortillas', '1 tbsp chili powder', '1 tsp ground cumin', '2 tbsp vegetable oil', '1 cup shredded red cabbage', '1/2 cup fresh cilantro', '1/2 cup salsa verde', '2 lime|limes'],
        steps: [
          'Toss the {main} with the chili powder, cumin, a pinch of salt and the juice of one lime.',
          'Heat the oil in a skillet and cook the {main} until browned and cooked through.',
          'Warm the tortillas in a dry pan for 30 seconds per side.',
          'Fill each tortilla with the {main}, cabbage and cilantro, spoon over salsa verde and serve with lime wedges.',
        ],
        prep: [15, 20],
        cook: [10, 15],
      },
      {
        title: '{main} Enchiladas',
        course: 'Main course',
        mains: ['chicken', 'beef', 'blackbean', 'sweetpotato'],
        base: ['8 flour tortilla|flour tortillas #g', '2 cup red enchilada sauce', '1 1/2 cup shredded cheddar #d', '1 medium onion|medium onions', '1 tsp ground cumin', '1/2 cup sour cream #d', '2 tbsp vegetable oil'],
        steps: [
          'Heat the oven to 375°F (190°C).',
          'Cook the onion in the oil until soft, then add the {main} and cumin and cook for 5 minutes.',
          'Spread a little sauce in a baking dish. Roll the filling and half the cheese in the tortillas and lay them seam-side down.',
          'Pour over the remaining sauce, top with the rest of the cheese and bake for 20 minutes.',
          'Serve with sour cream.',
        ],
        prep: [20, 25],
        cook: [25, 30],
      },
      {
        title: '{main} Burrito Bowl',
        course: 'Main course',
        mains: ['chicken', 'beef', 'blackbean', 'tofu'],
        base: ['1 1/2 cup long-grain rice', '1 cup corn kernels', '1 ripe avocado|ripe avocados', '1/2 cup pico de gallo', '1 tsp smoked paprika', '2 tbsp olive oil', '1 lime|limes'],
        steps: [
          'Cook the rice, then stir through the juice of the lime.',
          'Season the {main} with the smoked paprika and cook in the olive oil until well browned.',
          'Char the corn in a dry skillet for 4 minutes.',
          'Divide the rice between bowls and top with the {main}, corn, sliced avocado and pico de gallo.',
        ],
        prep: [15, 20],
        cook: [20, 25],
      },
      {
        title: 'Churros with Chocolate Sauce',
        course: 'Dessert',
        base: ['1 cup all-purpose flour #g', '1 cup water', '2 tbsp sugar', '1/2 tsp kosher salt', '4 cup vegetable oil', '4 oz dark chocolate', '1/2 cup whole milk #d', '1 tsp ground cinnamon'],
        steps: [
          'Bring the water, 1 tablespoon of sugar and the salt to a boil, then beat in the flour until a smooth dough forms.',
          'Heat the oil to 360°F (182°C). Pipe 4-inch lengths of dough into the oil and fry until golden.',
          'Toss the churros in the remaining sugar mixed with the cinnamon.',
          'Melt the chocolate into the warm milk and serve alongside for dipping.',
        ],
        prep: [15, 20],
        cook: [15, 20],
      },
    ],
  },
  {
    name: 'Indian',
    dishes: [
      {
        title: '{main} Tikka Masala',
        course: 'Main course',
        mains: ['chicken', 'paneer', 'chickpea', 'cauliflower'],
        base: ['1 cup plain yogurt #d', '15 oz canned tomato sauce', '1/2 cup heavy cream #d', '2 tbsp garam masala', '1 tbsp grated ginger', '4 clove garlic', '1 large onion|large onions', '2 tbsp ghee #d'],
        steps: [
          'Mix half of the yogurt with 1 tablespoon of garam masala and coat the {main}. Marinate for 20 minutes.',
          'Sear the {main} in half of the ghee until charred at the edges. Set aside.',
          'Cook the onion, ginger and garlic in the remaining ghee until golden, then add the rest of the garam masala.',
          'Stir in the tomato sauce and simmer for 15 minutes, then add the cream and the {main}.',
          'Simmer for 5 more minutes and serve with rice or naan.',
        ],
        prep: [25, 30],
        cook: [25, 35],
      },
      {
        title: '{main} Coconut Curry',
        course: 'Main course',
        mains: ['chicken', 'chickpea', 'cauliflower', 'sweetpotato', 'shrimp', 'tofu'],
        base: ['14 oz coconut milk', '2 tbsp curry powder', '1 tbsp grated ginger', '3 clove garlic', '1 large onion|large onions', '2 cup fresh spinach', '1 cup basmati rice', '2 tbsp vegetable oil'],
        steps: [
          'Rinse the rice and cook it with 2 cups of water, covered, for 15 minutes.',
          'Fry the onion in the oil until soft, then add the garlic, ginger and curry powder for 1 minute.',
          'Add the {main} and stir to coat in the spices.',
          'Pour in the coconut milk and simmer for 15 minutes, until thickened.',
          'Wilt in the spinach and serve over the rice.',
        ],
        prep: [10, 15],
        cook: [20, 30],
      },
      {
        title: '{main} Biryani',
        course: 'Main course',
        mains: ['chicken', 'lamb', 'vegetable'],
        base: ['2 cup basmati rice', '1/2 cup plain yogurt #d', '2 medium onion|medium onions', '1/4 cup ghee #d', '2 tbsp biryani masala', '1/4 tsp saffron threads', '1/4 cup fresh mint'],
        steps: [
          'Soak the rice for 20 minutes, then parboil it for 5 minutes and drain.',
          'Fry the sliced onions in the ghee until deep brown and crisp; set half aside.',
          'Add the {main}, yogurt and biryani masala to the pan and cook for 10 minutes.',
          'Layer the rice over the {main}, sprinkle with saffron soaked in 2 tablespoons of warm water, the mint and the reserved onions.',
          'Cover tightly and cook on the lowest heat for 25 minutes. Fluff gently before serving.',
        ],
        prep: [30, 35],
        cook: [40, 50],
      },
      {
        title: 'Red Lentil Dal',
        course: 'Soup',
        base: ['1 1/2 cup red lentils', '4 cup water', '1 tsp ground turmeric', '1 tsp cumin seeds', '2 tbsp coconut oil', '1 medium tomato|medium tomatoes', '3 clove garlic', '1 tbsp lemon juice'],
        steps: [
          'Rinse the lentils and simmer them with the water and turmeric for 20 minutes, until soft.',
          'Heat the coconut oil and fry the cumin seeds and sliced garlic until golden.',
          'Add the chopped tomato and cook for 3 minutes, then pour this tarka into the lentils.',
          'Season with salt and the lemon juice and serve with rice.',
        ],
        prep: [10, 10],
        cook: [25, 30],
      },
      {
        title: 'Mango Lassi',
        course: 'Drink',
        base: ['2 cup mango pulp', '1 cup plain yogurt #d', '1/2 cup whole milk #d', '2 tbsp sugar', '1/4 tsp ground cardamom', '1 cup ice cubes'],
        steps: ['Put everything in a blender.', 'Blend until completely smooth and frothy.', 'Pour into chilled glasses and dust with a little more cardamom.'],
        prep: [5, 5],
        cook: [0, 0],
      },
    ],
  },
  {
    name: 'Thai',
    dishes: [
      {
        title: '{main} Pad Thai',
        course: 'Main course',
        mains: ['chicken', 'shrimp', 'tofu'],
        base: ['8 oz flat rice noodles', '3 tbsp tamari', '2 tbsp tamarind paste', '2 tbsp brown sugar', '2 large egg|large eggs #e', '1 cup bean sprouts', '1/4 cup roasted peanuts', '3 green onion|green onions', '2 tbsp vegetable oil'],
        steps: [
          'Soak the noodles in hot water for 8 minutes, then drain.',
          'Whisk the tamari, tamarind paste and sugar together.',
          'Stir-fry the {main} in the oil over high heat until cooked, then push to one side and scramble the eggs.',
          'Add the noodles and sauce and toss for 2 minutes, until glossy.',
          'Fold in the bean sprouts and green onions and top with chopped peanuts.',
        ],
        prep: [15, 20],
        cook: [10, 15],
      },
      {
        title: '{main} Green Curry',
        course: 'Main course',
        mains: ['chicken', 'shrimp', 'tofu', 'vegetable'],
        base: ['14 oz coconut milk', '3 tbsp green curry paste', '1 cup green beans', '1 red bell pepper|red bell peppers', '1 tbsp brown sugar', '1/2 cup thai basil', '1 tbsp lime juice'],
        steps: [
          'Fry the curry paste in a few spoonfuls of the coconut milk until fragrant.',
          'Add the {main} and cook for 3 minutes.',
          'Pour in the rest of the coconut milk, the sugar, green beans and pepper and simmer for 10 minutes.',
          'Stir in the basil and lime juice and serve with jasmine rice.',
        ],
        prep: [10, 15],
        cook: [15, 20],
      },
      {
        title: '{main} Tom Yum Soup',
        course: 'Soup',
        mains: ['shrimp', 'chicken', 'mushroom'],
        base: ['4 cup vegetable stock', '2 stalk lemongrass|stalks lemongrass', '4 kaffir lime leaf|kaffir lime leaves', '1 tbsp chili paste', '2 tbsp lime juice', '8 oz cherry tomatoes', '1/4 cup fresh cilantro'],
        steps: [
          'Bruise the lemongrass and simmer it in the stock with the lime leaves for 10 minutes.',
          'Add the {main} and chili paste and simmer until cooked through.',
          'Add the tomatoes for the last 2 minutes.',
          'Take off the heat, stir in the lime juice and scatter with cilantro.',
        ],
        prep: [10, 15],
        cook: [15, 20],
      },
      {
        title: 'Mango Sticky Rice',
        course: 'Dessert',
        base: ['1 1/2 cup glutinous rice', '14 oz coconut milk', '1/2 cup sugar', '1/2 tsp kosher salt', '2 ripe mango|ripe mangoes', '1 tbsp toasted sesame seeds'],
        steps: [
          'Soak the rice for at least 4 hours, then steam it for 25 minutes.',
          'Heat the coconut milk with the sugar and salt until dissolved.',
          'Pour two thirds of the coconut milk over the hot rice, cover and leave for 20 minutes.',
          'Serve with sliced mango, the remaining coconut sauce and the sesame seeds.',
        ],
        prep: [15, 20],
        cook: [25, 30],
      },
    ],
  },
  {
    name: 'Japanese',
    dishes: [
      {
        title: '{main} Teriyaki',
        course: 'Main course',
        mains: ['chicken', 'salmon', 'tofu', 'beef'],
        base: ['1/2 cup soy sauce #g', '1/4 cup mirin', '2 tbsp brown sugar', '1 tbsp grated ginger', '2 clove garlic', '1 tbsp cornstarch', '2 cup short-grain rice', '1 tbsp sesame seeds'],
        steps: [
          'Cook the rice according to the package directions.',
          'Simmer the soy sauce, mirin, sugar, ginger and garlic for 3 minutes, then thicken with the cornstarch mixed with a little water.',
          'Sear the {main} in a hot pan until cooked through.',
          'Pour over the glaze and turn the {main} until coated and shiny.',
          'Serve over rice, sprinkled with sesame seeds.',
        ],
        prep: [10, 15],
        cook: [20, 25],
      },
      {
        title: '{main} Miso Ramen',
        course: 'Soup',
        mains: ['pork', 'chicken', 'mushroom'],
        base: ['6 cup vegetable stock', '10 oz ramen noodles #g', '3 tbsp white miso paste', '2 tbsp soy sauce #g', '4 large egg|large eggs #e', '2 cup baby bok choy', '3 green onion|green onions', '2 sheet nori|sheets nori'],
        steps: [
          'Boil the eggs for 6 1/2 minutes, cool them in ice water and peel.',
          'Cook the {main} in a little oil until browned and slice if needed.',
          'Bring the stock to a simmer, whisk in the miso and soy sauce and add the bok choy for 2 minutes.',
          'Cook the noodles separately, drain and divide between bowls.',
          'Ladle over the broth and top with the {main}, halved eggs, green onions and nori.',
        ],
        prep: [15, 20],
        cook: [20, 30],
      },
      {
        title: 'Miso Soup with Tofu',
        course: 'Soup',
        base: ['4 cup water', '3 tbsp white miso paste', '7 oz silken tofu', '2 tbsp dried wakame', '2 green onion|green onions'],
        steps: ['Bring the water to a bare simmer.', 'Soak the wakame in cold water for 5 minutes and drain.', 'Whisk the miso into a ladle of the hot water, then stir it back into the pot.', 'Add the cubed tofu and wakame, warm through without boiling and top with green onions.'],
        prep: [5, 10],
        cook: [5, 10],
      },
      {
        title: 'Matcha Cheesecake',
        course: 'Dessert',
        base: ['16 oz cream cheese #d', '2/3 cup sugar', '3 large egg|large eggs #e', '2 tbsp matcha powder', '1 1/2 cup graham cracker crumbs #g', '5 tbsp butter #d'],
        steps: [
          'Heat the oven to 325°F (160°C). Mix the crumbs with the melted butter and press into a lined pan.',
          'Beat the cream cheese and sugar until smooth, then beat in the eggs one at a time.',
          'Sift in the matcha and mix until evenly green.',
          'Pour over the base and bake for 45 minutes, until just set with a slight wobble.',
          'Cool in the oven with the door ajar, then chill for 4 hours.',
        ],
        prep: [20, 25],
        cook: [45, 50],
      },
    ],
  },
  {
    name: 'French',
    dishes: [
      {
        title: '{main} Provençal',
        course: 'Main course',
        mains: ['chicken', 'cod', 'chickpea'],
        base: ['28 oz canned diced tomatoes', '1/2 cup pitted olives', '1 tbsp herbes de Provence', '1/2 cup dry white wine', '3 tbsp olive oil', '4 clove garlic', '1 medium onion|medium onions'],
        steps: [
          'Season the {main} and brown it in the olive oil. Set aside.',
          'Cook the onion and garlic in the same pan until soft.',
          'Add the wine and let it reduce by half, then add the tomatoes, olives and herbs.',
          'Return the {main} to the pan, cover and simmer for 20 minutes.',
          'Serve with crusty bread or boiled potatoes.',
        ],
        prep: [15, 20],
        cook: [30, 35],
      },
      {
        title: 'French Onion Soup',
        course: 'Soup',
        base: ['3 lb yellow onions', '4 tbsp butter #d', '6 cup beef stock #m', '1/2 cup dry white wine', '8 slice baguette|slices baguette #g', '6 oz gruyère cheese #d', '2 sprig fresh thyme|sprigs fresh thyme'],
        steps: [
          'Melt the butter in a heavy pot and cook the sliced onions slowly for 45 minutes, stirring often, until deep golden.',
          'Add the wine and scrape up the browned bits, then add the stock and thyme and simmer for 20 minutes.',
          'Toast the baguette slices.',
          'Ladle the soup into ovenproof bowls, top with toast and grated gruyère and grill until bubbling.',
        ],
        prep: [15, 20],
        cook: [70, 80],
      },
      {
        title: 'Ratatouille',
        course: 'Side dish',
        base: ['1 medium eggplant|medium eggplants', '2 zucchini|zucchini', '2 red bell pepper|red bell peppers', '4 medium tomato|medium tomatoes', '1/3 cup olive oil', '4 clove garlic', '1 tbsp herbes de Provence'],
        steps: [
          'Cut all the vegetables into bite-sized pieces.',
          'Fry the eggplant in half of the oil until golden, then set aside. Repeat with the zucchini and peppers.',
          'Cook the garlic and tomatoes in the remaining oil until they collapse.',
          'Return everything to the pan with the herbs and simmer gently for 30 minutes.',
        ],
        prep: [20, 25],
        cook: [45, 50],
      },
      {
        title: 'Quiche Lorraine',
        course: 'Breakfast',
        base: ['1 pie crust|pie crusts #g', '6 oz bacon #m', '4 large egg|large eggs #e', '1 1/2 cup half-and-half #d', '4 oz gruyère cheese #d', '1/4 tsp ground nutmeg'],
        steps: [
          'Heat the oven to 375°F (190°C) and blind-bake the crust for 15 minutes.',
          'Fry the bacon until crisp and scatter it over the crust with the grated cheese.',
          'Whisk the eggs, half-and-half and nutmeg and pour over.',
          'Bake for 30 to 35 minutes, until just set in the middle. Cool for 10 minutes before slicing.',
        ],
        prep: [20, 25],
        cook: [45, 50],
      },
      {
        title: 'Crème Brûlée',
        course: 'Dessert',
        base: ['2 cup heavy cream #d', '5 large egg yolk|large egg yolks #e', '1/2 cup sugar', '1 tsp vanilla extract', '4 tsp turbinado sugar'],
        steps: [
          'Heat the oven to 300°F (150°C). Warm the cream with the vanilla until steaming.',
          'Whisk the yolks and sugar, then slowly whisk in the hot cream.',
          'Pour into ramekins set in a roasting pan and add hot water halfway up their sides.',
          'Bake for 35 minutes, cool and chill for at least 3 hours.',
          'Sprinkle with turbinado sugar and caramelise with a torch just before serving.',
        ],
        prep: [15, 20],
        cook: [35, 40],
      },
    ],
  },
  {
    name: 'Greek',
    dishes: [
      {
        title: '{main} Souvlaki',
        course: 'Main course',
        mains: ['chicken', 'pork', 'halloumi'],
        base: ['1/4 cup olive oil', '3 tbsp lemon juice', '1 tbsp dried oregano', '3 clove garlic', '4 pita bread|pita breads #g', '1 cup tzatziki #d', '1 medium tomato|medium tomatoes', '1/2 red onion|red onions'],
        steps: [
          'Whisk the olive oil, lemon juice, oregano and garlic and toss the {main} in it. Marinate for 30 minutes.',
          'Thread the {main} onto skewers.',
          'Grill over high heat for 8 to 10 minutes, turning often.',
          'Warm the pitas and serve with the skewers, tzatziki, tomato and onion.',
        ],
        prep: [40, 45],
        cook: [10, 15],
      },
      {
        title: 'Lemon {main} Orzo',
        course: 'Main course',
        mains: ['chicken', 'shrimp', 'chickpea'],
        base: ['1 1/2 cup orzo #g', '3 cup vegetable stock', '2 tbsp lemon juice', '1 tbsp lemon zest', '2 cup baby spinach', '1/3 cup crumbled feta #d', '2 tbsp olive oil', '2 clove garlic'],
        steps: [
          'Cook the {main} in the olive oil until golden, then set aside.',
          'Add the garlic and orzo and toast for 1 minute.',
          'Pour in the stock and simmer, stirring often, for 10 minutes.',
          'Stir in the spinach, lemon juice and zest, and return the {main} to the pan.',
          'Top with feta and serve straight from the pan.',
        ],
        prep: [10, 10],
        cook: [20, 25],
      },
      {
        title: 'Greek Village Salad',
        course: 'Salad',
        base: ['3 medium tomato|medium tomatoes', '1 english cucumber|english cucumbers', '1/2 red onion|red onions', '1/2 cup kalamata olives', '7 oz feta cheese #d', '1/4 cup olive oil', '2 tbsp red wine vinegar', '1 tsp dried oregano'],
        steps: ['Cut the tomatoes and cucumber into chunks and slice the onion thinly.', 'Combine with the olives in a wide bowl.', 'Lay the feta on top in one slab.', 'Drizzle with the oil and vinegar and sprinkle with oregano.'],
        prep: [15, 15],
        cook: [0, 0],
      },
      {
        title: 'Spanakopita',
        course: 'Side dish',
        base: ['1 lb frozen spinach', '8 oz feta cheese #d', '2 large egg|large eggs #e', '16 oz phyllo dough #g', '1/2 cup butter #d', '4 green onion|green onions', '1/4 cup fresh dill'],
        steps: [
          'Heat the oven to 375°F (190°C). Thaw the spinach and squeeze it dry.',
          'Mix the spinach with the crumbled feta, eggs, green onions and dill.',
          'Layer half of the phyllo in a buttered dish, brushing each sheet with melted butter.',
          'Spread over the filling and top with the remaining buttered phyllo.',
          'Score the top and bake for 45 minutes, until crisp and golden.',
        ],
        prep: [30, 35],
        cook: [45, 50],
      },
    ],
  },
  {
    name: 'Middle Eastern',
    dishes: [
      {
        title: 'Classic Hummus',
        course: 'Side dish',
        base: ['2 cup cooked chickpeas', '1/3 cup tahini', '3 tbsp lemon juice', '1 clove garlic', '3 tbsp olive oil', '1/2 tsp ground cumin', '1/4 cup ice water'],
        steps: ['Blend the tahini and lemon juice for 1 minute, until whipped.', 'Add the garlic, cumin and chickpeas and blend until thick.', 'With the motor running, add the ice water until silky smooth.', 'Spread in a shallow bowl and finish with the olive oil.'],
        prep: [10, 10],
        cook: [0, 0],
      },
      {
        title: 'Shakshuka',
        course: 'Breakfast',
        base: ['28 oz canned whole tomatoes', '6 large egg|large eggs #e', '1 red bell pepper|red bell peppers', '1 medium onion|medium onions', '3 clove garlic', '1 tsp ground cumin', '1 tsp smoked paprika', '2 tbsp olive oil', '1/4 cup crumbled feta #d'],
        steps: [
          'Cook the onion and pepper in the oil for 8 minutes, then add the garlic and spices.',
          'Add the tomatoes, crush them with a spoon and simmer for 10 minutes.',
          'Make six wells in the sauce and crack an egg into each.',
          'Cover and cook for 6 to 8 minutes, until the whites are set. Scatter with feta.',
        ],
        prep: [10, 15],
        cook: [25, 30],
      },
      {
        title: '{main} Shawarma',
        course: 'Main course',
        mains: ['chicken', 'lamb', 'cauliflower', 'mushroom'],
        base: ['1/4 cup olive oil', '2 tsp ground cumin', '2 tsp smoked paprika', '1 tsp ground turmeric', '1/2 tsp ground cinnamon', '4 pita bread|pita breads #g', '1/2 cup tahini sauce', '1 medium tomato|medium tomatoes'],
        steps: [
          'Mix the olive oil with the spices and toss the {main} in it.',
          'Roast at 425°F (220°C) for 25 minutes, until charred at the edges.',
          'Warm the pitas.',
          'Pile the {main} into the pitas with sliced tomato and a generous drizzle of tahini sauce.',
        ],
        prep: [15, 20],
        cook: [25, 30],
      },
      {
        title: 'Crispy Baked Falafel',
        course: 'Main course',
        base: ['2 cup dried chickpeas', '1 cup fresh parsley', '1/2 cup fresh cilantro', '1 small onion|small onions', '4 clove garlic', '2 tsp ground cumin', '1 tsp baking powder', '3 tbsp olive oil'],
        steps: [
          'Soak the chickpeas overnight in plenty of cold water, then drain well.',
          'Pulse with the herbs, onion, garlic, cumin and baking powder until finely chopped but not smooth.',
          'Shape into small patties and brush with the olive oil.',
          'Bake at 400°F (200°C) for 25 minutes, turning halfway.',
        ],
        prep: [20, 25],
        cook: [25, 30],
      },
      {
        title: 'Tabbouleh',
        course: 'Salad',
        base: ['1/2 cup fine bulgur #g', '3 cup fresh parsley', '1/2 cup fresh mint', '3 medium tomato|medium tomatoes', '1/4 cup lemon juice', '1/3 cup olive oil'],
        steps: ['Soak the bulgur in the lemon juice for 15 minutes.', 'Chop the parsley, mint and tomatoes finely.', 'Toss everything with the olive oil and season well with salt.'],
        prep: [20, 25],
        cook: [0, 0],
      },
    ],
  },
  {
    name: 'Chinese',
    dishes: [
      {
        title: '{main} and Broccoli Stir-Fry',
        course: 'Main course',
        mains: ['beef', 'chicken', 'tofu', 'shrimp'],
        base: ['1 lb broccoli florets', '3 tbsp soy sauce #g', '2 tbsp hoisin sauce', '1 tbsp cornstarch', '1 tbsp grated ginger', '3 clove garlic', '2 tbsp vegetable oil', '1 tsp sesame oil'],
        steps: [
          'Toss the {main} with 1 tablespoon of the soy sauce and the cornstarch.',
          'Stir-fry the {main} in the vegetable oil over high heat until browned, then remove.',
          'Add the broccoli with a splash of water and cook for 3 minutes.',
          'Add the ginger, garlic, remaining soy sauce and hoisin and return the {main}.',
          'Toss until glossy and finish with the sesame oil.',
        ],
        prep: [15, 15],
        cook: [10, 15],
      },
      {
        title: '{main} Fried Rice',
        course: 'Main course',
        mains: ['chicken', 'shrimp', 'vegetable', 'pork'],
        base: ['4 cup cooked jasmine rice', '2 large egg|large eggs #e', '1 cup frozen peas and carrots', '3 tbsp soy sauce #g', '3 green onion|green onions', '2 tbsp vegetable oil', '1 tsp sesame oil'],
        steps: [
          'Use rice cooked the day before, or spread fresh rice on a tray to cool and dry.',
          'Stir-fry the {main} in the oil until cooked, then push to the side and scramble the eggs.',
          'Add the peas and carrots and the rice and toss over high heat for 4 minutes.',
          'Season with the soy sauce and sesame oil and fold in the green onions.',
        ],
        prep: [10, 10],
        cook: [10, 15],
      },
      {
        title: 'Kung Pao {main}',
        course: 'Main course',
        mains: ['chicken', 'tofu', 'shrimp'],
        base: ['1/2 cup roasted peanuts', '8 dried red chili|dried red chilies', '2 tbsp soy sauce #g', '1 tbsp rice vinegar', '1 tbsp sugar', '1 tsp sichuan peppercorns', '1 tbsp cornstarch', '2 clove garlic'],
        steps: [
          'Coat the {main} in the cornstarch and half of the soy sauce.',
          'Fry the chilies and peppercorns in a hot wok for 30 seconds.',
          'Add the {main} and stir-fry until crisp.',
          'Add the garlic, vinegar, sugar and remaining soy sauce, toss in the peanuts and serve.',
        ],
        prep: [15, 15],
        cook: [10, 10],
      },
      {
        title: 'Hot and Sour Soup',
        course: 'Soup',
        base: ['6 cup vegetable stock', '8 oz firm tofu', '4 oz shiitake mushrooms', '3 tbsp rice vinegar', '2 tbsp soy sauce #g', '2 tbsp cornstarch', '2 large egg|large eggs #e', '1 tsp white pepper'],
        steps: [
          'Simmer the stock with the sliced mushrooms for 5 minutes.',
          'Add the tofu, vinegar, soy sauce and white pepper.',
          'Thicken with the cornstarch mixed with a little water.',
          'Stir the soup in one direction and slowly pour in the beaten eggs to form ribbons.',
        ],
        prep: [10, 15],
        cook: [15, 15],
      },
    ],
  },
  {
    name: 'American',
    dishes: [
      {
        title: 'Buttermilk Pancakes',
        course: 'Breakfast',
        base: ['2 cup all-purpose flour #g', '2 tbsp sugar', '2 tsp baking powder', '1/2 tsp baking soda', '2 cup buttermilk #d', '2 large egg|large eggs #e', '3 tbsp melted butter #d', '1 tsp vanilla extract'],
        steps: [
          'Whisk the flour, sugar, baking powder and baking soda in a bowl.',
          'Whisk the buttermilk, eggs, melted butter and vanilla in another bowl.',
          'Pour the wet ingredients into the dry and stir until just combined; a few lumps are fine.',
          'Cook 1/4-cup portions on a buttered griddle until bubbles form, then flip and cook 1 minute more.',
        ],
        prep: [10, 10],
        cook: [15, 20],
      },
      {
        title: '{main} Chili',
        course: 'Main course',
        mains: ['beef', 'blackbean', 'chicken', 'sweetpotato'],
        base: ['28 oz canned crushed tomatoes', '2 cup cooked kidney beans', '1 large onion|large onions', '2 tbsp chili powder', '1 tbsp ground cumin', '1 tsp smoked paprika', '3 clove garlic', '2 tbsp olive oil'],
        steps: [
          'Cook the onion in the oil until soft, then add the garlic and spices for 1 minute.',
          'Add the {main} and cook, stirring, for 5 minutes.',
          'Stir in the tomatoes and beans and simmer, partly covered, for 40 minutes.',
          'Season to taste and serve with your favorite toppings.',
        ],
        prep: [15, 15],
        cook: [45, 55],
      },
      {
        title: '{main} Burgers',
        course: 'Main course',
        mains: ['beef', 'blackbean', 'mushroom', 'salmon'],
        base: ['4 brioche bun|brioche buns #g #d #e', '4 slice cheddar cheese|slices cheddar cheese #d', '1 medium tomato|medium tomatoes', '4 leaf lettuce|leaves lettuce', '1/4 cup mayonnaise #e', '1 tsp garlic powder'],
        steps: [
          'Season the {main} with the garlic powder, salt and pepper and shape into four patties.',
          'Cook in a hot skillet for 4 minutes per side, adding the cheese for the last minute.',
          'Toast the buns cut-side down.',
          'Spread the buns with mayonnaise and build the burgers with lettuce and tomato.',
        ],
        prep: [15, 15],
        cook: [10, 15],
      },
      {
        title: 'Chewy Chocolate Chip Cookies',
        course: 'Dessert',
        base: ['2 1/4 cup all-purpose flour #g', '1 cup butter #d', '3/4 cup brown sugar', '3/4 cup sugar', '2 large egg|large eggs #e', '1 tsp baking soda', '2 tsp vanilla extract', '12 oz chocolate chips #d'],
        steps: [
          'Heat the oven to 375°F (190°C).',
          'Cream the butter and both sugars, then beat in the eggs and vanilla.',
          'Mix in the flour and baking soda, then fold in the chocolate chips.',
          'Drop rounded tablespoons onto lined sheets and bake for 10 minutes, until golden at the edges.',
        ],
        prep: [15, 20],
        cook: [10, 12],
      },
      {
        title: 'Baked Mac and Cheese',
        course: 'Side dish',
        base: ['1 lb elbow macaroni #g', '4 tbsp butter #d', '1/4 cup all-purpose flour #g', '3 cup whole milk #d', '12 oz sharp cheddar #d', '1 tsp mustard powder'],
        steps: [
          'Heat the oven to 350°F (175°C) and cook the macaroni 2 minutes short of al dente.',
          'Melt the butter, whisk in the flour and cook for 1 minute, then whisk in the milk until thick.',
          'Stir in most of the cheese and the mustard powder.',
          'Fold in the macaroni, top with the remaining cheese and bake for 25 minutes.',
        ],
        prep: [15, 15],
        cook: [35, 40],
      },
    ],
  },
  {
    name: 'Korean',
    dishes: [
      {
        title: '{main} Bibimbap',
        course: 'Main course',
        mains: ['beef', 'tofu', 'chicken', 'mushroom'],
        base: ['2 cup short-grain rice', '2 cup fresh spinach', '1 medium carrot|medium carrots', '1 cup bean sprouts', '4 large egg|large eggs #e', '3 tbsp gochujang #g', '1 tbsp sesame oil', '1 tbsp toasted sesame seeds'],
        steps: [
          'Cook the rice.',
          'Blanch the spinach and bean sprouts, and cut the carrot into matchsticks.',
          'Cook the {main} in a hot pan with half of the sesame oil.',
          'Fry the eggs sunny side up.',
          'Top bowls of rice with the vegetables, {main} and an egg, and serve with gochujang and sesame seeds.',
        ],
        prep: [20, 25],
        cook: [25, 30],
      },
      {
        title: '{main} Bulgogi',
        course: 'Main course',
        mains: ['beef', 'pork', 'chicken'],
        base: ['1/3 cup soy sauce #g', '2 tbsp brown sugar', '1 asian pear|asian pears', '4 clove garlic', '1 tbsp sesame oil', '3 green onion|green onions', '1 tbsp grated ginger'],
        steps: [
          'Grate the pear and mix it with the soy sauce, sugar, garlic, ginger and sesame oil.',
          'Slice the {main} thinly and marinate for at least 30 minutes.',
          'Cook in batches in a very hot pan until caramelised.',
          'Scatter with green onions and serve with rice and lettuce leaves.',
        ],
        prep: [40, 45],
        cook: [10, 15],
      },
      {
        title: 'Kimchi Fried Rice',
        course: 'Main course',
        base: ['3 cup cooked rice', '1 cup chopped vegan kimchi', '2 tbsp gochujang #g', '2 large egg|large eggs #e', '1 tbsp sesame oil', '2 green onion|green onions'],
        steps: ['Fry the kimchi in the sesame oil for 3 minutes.', 'Add the rice and gochujang and toss until evenly red and hot.', 'Fry the eggs in a separate pan.', 'Serve the rice topped with the eggs and green onions.'],
        prep: [10, 10],
        cook: [10, 10],
      },
      {
        title: 'Japchae',
        course: 'Side dish',
        base: ['8 oz sweet potato noodles', '4 oz shiitake mushrooms', '1 medium carrot|medium carrots', '2 cup fresh spinach', '3 tbsp soy sauce #g', '1 tbsp sugar', '2 tbsp sesame oil'],
        steps: ['Boil the noodles for 6 minutes, drain and toss with a little sesame oil.', 'Stir-fry the mushrooms and carrot until tender.', 'Wilt the spinach in the same pan.', 'Toss everything with the soy sauce, sugar and remaining sesame oil.'],
        prep: [15, 20],
        cook: [15, 15],
      },
    ],
  },
  {
    name: 'Spanish',
    dishes: [
      {
        title: '{main} Paella',
        course: 'Main course',
        mains: ['shrimp', 'chicken', 'vegetable'],
        base: ['2 cup bomba rice', '4 cup vegetable stock', '1/4 tsp saffron threads', '1 tsp smoked paprika', '1 red bell pepper|red bell peppers', '1 cup frozen peas', '3 tbsp olive oil', '1 lemon|lemons'],
        steps: [
          'Warm the stock with the saffron.',
          'Brown the {main} in the olive oil in a wide paella pan, then add the pepper and paprika.',
          'Stir in the rice, pour over the stock and do not stir again.',
          'Simmer for 18 minutes, scatter over the peas and cook 2 minutes more, until a crust forms underneath.',
          'Rest for 5 minutes and serve with lemon wedges.',
        ],
        prep: [15, 20],
        cook: [30, 35],
      },
      {
        title: 'Chilled Gazpacho',
        course: 'Soup',
        base: ['2 lb ripe tomatoes', '1 english cucumber|english cucumbers', '1 red bell pepper|red bell peppers', '1/2 small red onion|small red onions', '2 clove garlic', '1/3 cup olive oil', '2 tbsp sherry vinegar', '2 slice day-old bread|slices day-old bread #g'],
        steps: ['Roughly chop all the vegetables and tear the bread.', 'Blend everything with the oil and vinegar until very smooth.', 'Season with salt and chill for at least 2 hours.', 'Serve cold with a drizzle of olive oil.'],
        prep: [20, 20],
        cook: [0, 0],
      },
      {
        title: 'Spanish Tortilla',
        course: 'Breakfast',
        base: ['1 1/2 lb yukon gold potatoes', '6 large egg|large eggs #e', '1 medium onion|medium onions', '3/4 cup olive oil', '1 tsp kosher salt'],
        steps: [
          'Slice the potatoes and onion thinly and cook them gently in the olive oil for 20 minutes, until soft.',
          'Drain, reserving the oil, and mix with the beaten eggs and salt. Rest for 10 minutes.',
          'Cook in a nonstick pan with 2 tablespoons of the oil over medium-low heat for 8 minutes.',
          'Flip onto a plate, slide back into the pan and cook 3 minutes more.',
        ],
        prep: [15, 20],
        cook: [35, 40],
      },
      {
        title: 'Gambas al Ajillo',
        course: 'Side dish',
        base: ['1 lb large shrimp #f', '1/2 cup olive oil', '8 clove garlic', '1 tsp red pepper flakes', '2 tbsp dry sherry', '2 tbsp fresh parsley', '1 tsp smoked paprika'],
        steps: ['Warm the oil with the sliced garlic and pepper flakes until the garlic just turns golden.', 'Add the shrimp and paprika and cook for 2 minutes per side.', 'Add the sherry and let it bubble for 30 seconds.', 'Scatter with parsley and serve sizzling, with bread.'],
        prep: [10, 10],
        cook: [10, 10],
      },
    ],
  },
]

const NAME_PREFIXES = ['Easy', 'Weeknight', 'Spicy', 'Smoky', 'One-Pan', 'Homestyle', 'Best-Ever', 'Crispy']
const AUTHORS = ['Ana Lucía Ortega', 'Ben Whitaker', 'Chloé Marchand', 'Deepa Raman', 'Elena Kostas', 'Hiro Tanaka', 'Jamal Carter', 'Kim Soo-ah', 'Marco Bellini', 'Nadia Haddad', 'Priya Nair', "Sam O'Neill"]
const REVIEWERS = ['Linda M.', 'Greg T.', 'Sofia R.', 'Kwame A.', 'Hannah B.', 'Diego F.', 'Mei L.', 'Olivia P.', 'Raj S.', 'Claire D.', 'Tomás V.', 'Beth W.']
const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Made this for a dinner party and everyone asked for the recipe. A keeper!',
    'Absolutely delicious. I followed it exactly and would not change a thing.',
    'This is now in our weekly rotation. The kids love it too.',
    'Easy to follow and ready in the time stated. Fantastic flavor.',
  ],
  4: ['Really good. I doubled the garlic and it was even better.', 'Great recipe, though it took me a little longer than stated.', 'Tasty and simple. Next time I will add a bit more spice.'],
  3: ['Good, but it needed more seasoning for our taste.', 'Nice enough, though a little bland. I added lemon at the end.'],
  2: ['Too salty for us. I would cut the salt in half next time.', 'Did not turn out like the photo. Maybe my pan was too small.'],
}
const TIPS = [
  'Leftovers keep in an airtight container in the fridge for up to 3 days.',
  'Make it ahead: the flavors are even better the next day.',
  'Prep all your ingredients before you start cooking; once the pan is hot, things move quickly.',
  'Taste and adjust the seasoning at the end; a squeeze of lemon brightens almost everything.',
  'This freezes well for up to 2 months. Thaw overnight in the fridge before reheating.',
]
const DESCRIPTION_OPENERS = [
  'This {name} is one of our most-saved {cuisine} recipes, and it is easy to see why.',
  'Our {name} is the kind of {cuisine} cooking we make on repeat.',
  'Bright, comforting and reliable: this {name} never lets us down.',
  'Few dishes say {cuisine} home cooking like a good {name}.',
]
const DESCRIPTION_CLOSERS = [
  'It is ready in {time}, with {steps} clear steps and ingredients you can find at any supermarket.',
  'Plan on {time} from start to finish, most of it hands-off.',
  'Tested three times in our kitchen, it takes {time} and makes {servings} servings.',
]
const PUBLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const REVIEW_TASKS = [
  {name: 'Jordan P.', text: 'Made this on a weeknight and it was a hit with the whole family.'},
  {name: 'Alex Rivera', text: 'Great flavor and the instructions were easy to follow.'},
  {name: 'Morgan Lee', text: 'I added extra garlic and would happily make it again.'},
  {name: 'Taylor Brooks', text: 'Turned out perfectly the first time. Saving this one!'},
  {name: 'Casey Nguyen', text: 'Simple ingredients, big flavor. Will be making this often.'},
]

export const recipes: SiteFamily<RecipesModel, RecipesState> = {
  id: 'recipes',
  domain: 'Lifestyle & Leisure',
  subdomain: 'Food & Cooking',
  brandWords: {
    first: ['Saffron', 'Butterbean', 'Skillet', 'Olive Grove', 'Honeycrumb', 'Wooden Spoon', 'Ginger', 'Pepperpot', 'Cinnamon', 'Sweet Basil'],
    second: ['Kitchen', 'Recipes', 'Table', 'Cookbook', 'Eats', 'Pantry', 'Plate', 'Supper Club'],
  },
  model: makeModel,
  initialState: () => ({box: [], reviews: []}),
  handle,
  tasks: makeTasks,
}

// ---------------------------------------------------------------------------------------------------------------
// Quantities: US fractions, scaling, metric conversion

const US_UNITS: readonly UsUnit[] = ['cup', 'tbsp', 'tsp', 'oz', 'lb', 'clove']
const FRACTIONS: readonly [number, string][] = [
  [0, ''],
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [3 / 8, '3/8'],
  [1 / 2, '1/2'],
  [5 / 8, '5/8'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
  [7 / 8, '7/8'],
  [1, ''],
]
/** Fixed conversion factors of the metric toggle. */
const METRIC: Partial<Record<UsUnit, {unit: 'ml' | 'g'; factor: number}>> = {
  cup: {unit: 'ml', factor: 240},
  tbsp: {unit: 'ml', factor: 15},
  tsp: {unit: 'ml', factor: 5},
  oz: {unit: 'g', factor: 28.35},
  lb: {unit: 'g', factor: 453.6},
}

/** The nearest quantity a cook would write: whole numbers from 10 up, else eighths and thirds (never zero). */
function niceQuantity(x: number): number {
  if (x >= 10) return Math.round(x)
  const whole = Math.floor(x)
  const frac = x - whole
  let best = FRACTIONS[0]![0]
  for (const [value] of FRACTIONS) if (Math.abs(value - frac) < Math.abs(best - frac)) best = value
  return Math.max(1 / 8, whole + best)
}

function formatQuantity(x: number): string {
  const whole = Math.floor(x + 1e-9)
  const label = FRACTIONS.find(([value]) => Math.abs(value - (x - whole)) < 1e-6)?.[1] ?? ''
  if (whole === 0) return label || '0'
  return label ? `${whole} ${label}` : String(whole)
}

function parseQuantity(text: string): number {
  return text.split(' ').reduce((sum, part) => {
    const [num, den] = part.split('/')
    return sum + (den ? Number(num) / Number(den) : Number(num))
  }, 0)
}

/** Parses "1 1/2 cup arborio rice", "2 large egg|large eggs #e" and the like. */
function parseIngredient(spec: string): Ingredient {
  const [body, ...tagParts] = spec.split(' #')
  const words = body!.split(' ')
  const qtyWords = [words.shift()!]
  if (words[0] && /^\d+\/\d+$/.test(words[0])) qtyWords.push(words.shift()!)
  const unit = (US_UNITS as readonly string[]).includes(words[0] ?? '') ? (words.shift() as UsUnit) : ''
  const [name, plural] = words.join(' ').split('|')
  return {qty: parseQuantity(qtyWords.join(' ')), unit, name: name!, plural: plural ?? name!, tags: tagParts.join('')}
}

function scaledQuantity(ingredient: Ingredient, factor: number): number {
  return niceQuantity(ingredient.qty * factor)
}

/** Whether scaling gives a quantity without rounding, so a task's expected value is unambiguous. */
function scalesExactly(ingredient: Ingredient, factor: number): boolean {
  return Math.abs(ingredient.qty * factor - scaledQuantity(ingredient, factor)) < 1e-9
}

function metricAmount(usQty: number, unit: UsUnit): {value: number; unit: 'ml' | 'g'} | null {
  const conversion = METRIC[unit]
  if (!conversion) return null
  const exact = usQty * conversion.factor
  const value = exact < 10 ? Math.round(exact * 2) / 2 : exact < 100 ? Math.round(exact) : Math.round(exact / 5) * 5
  return {value, unit: conversion.unit}
}

function usUnitLabel(unit: UsUnit, qty: number): string {
  if (unit === 'cup') return qty > 1 ? 'cups' : 'cup'
  if (unit === 'clove') return qty > 1 ? 'cloves' : 'clove'
  return unit
}

/** One ingredient line as shown: amount, unit and name, for the chosen servings and units. */
function ingredientLine(ingredient: Ingredient, factor: number, units: Units): {amount: string; unit: string; name: string} {
  const qty = scaledQuantity(ingredient, factor)
  const metric = units === 'metric' ? metricAmount(qty, ingredient.unit) : null
  const name = ingredient.unit === '' && qty > 1 ? ingredient.plural : ingredient.name
  if (metric) return {amount: String(metric.value), unit: metric.unit, name}
  return {amount: formatQuantity(qty), unit: usUnitLabel(ingredient.unit, qty), name}
}

function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`
}

// ---------------------------------------------------------------------------------------------------------------
// Model

const COURSE_ORDER: readonly Course[] = ['Breakfast', 'Main course', 'Soup', 'Salad', 'Side dish', 'Dessert', 'Drink']

interface RecipeDraft {
  name: string
  cuisine: string
  dish: DishDef
  main?: MainDef
}

function makeModel(site: SiteInfo, rng: SeededRandom): RecipesModel {
  const cuisineDefs = sample(rng, CUISINES, between(rng, 6, 8))
  const authors = sample(rng, AUTHORS, 5)
  const drafts = shuffle(rng, cuisineDefs.flatMap((cuisine) => draftsFor(cuisine, rng)))
  const chosen = drafts.slice(0, Math.min(drafts.length, between(rng, 46, 58)))
  const recipeList = chosen.map((draft, index) => makeRecipe(draft, 101 + index * 3 + rng.below(3), pick(rng, authors), rng))
  const cuisines = cuisineDefs.map((c) => c.name).filter((name) => recipeList.some((r) => r.cuisine === name))
  const courses = COURSE_ORDER.filter((course) => recipeList.some((r) => r.course === course))
  const listings: ListingLayout[] = ['grid3', 'grid4', 'list']
  return {
    tagline: pick(rng, ['Real food for real kitchens', 'Tested recipes for every night of the week', 'Cook something wonderful tonight', 'Home cooking, made simple']),
    cuisines,
    courses,
    recipes: recipeList,
    layout: {listing: listings[site.variant % 3]!, sidebar: Math.floor(site.variant / 3) % 2 === 0 ? 'left' : 'right', recipeColumns: rng.below(3) !== 0, heroImageRight: rng.below(2) === 0},
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
  const ingredients = [...(main ? [main.ingredient] : []), ...dish.base].map(parseIngredient).map((ing) => ({...ing, qty: scaledQuantity(ing, factor)}))
  const steps = dish.steps.map((step) => step.replaceAll('{main}', main?.noun ?? ''))
  const prep = roundTo5(between(rng, dish.prep[0], dish.prep[1]))
  const cook = dish.cook[1] === 0 ? 0 : roundTo5(between(rng, dish.cook[0], dish.cook[1]) + (main?.extraCook ?? 0))
  const total = prep + cook
  const tags = ingredients.map((i) => i.tags).join('')
  const vegetarian = !/[mf]/.test(tags)
  const diets: Diet[] = [...(vegetarian ? ['vegetarian' as const] : []), ...(vegetarian && !/[de]/.test(tags) ? ['vegan' as const] : []), ...(!tags.includes('g') ? ['gluten-free' as const] : [])]
  const publishedDay = rng.below(400)
  const rating = Math.round((3.4 + rng.nextFloat() * 1.6) * 10) / 10
  const fill = (template: string) =>
    template.replace('{name}', draft.name).replace('{cuisine}', draft.cuisine).replace('{time}', formatDuration(total)).replace('{steps}', String(steps.length)).replace('{servings}', String(servings))
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
  const [low, high] = course === 'Main course' ? [380, 720] : course === 'Dessert' ? [260, 540] : course === 'Drink' ? [150, 290] : course === 'Breakfast' ? [260, 520] : [140, 380]
  const calories = roundTo5(between(rng, low, high))
  const protein = Math.round((calories * (hasMeat ? 0.3 : 0.14)) / 4)
  const fat = Math.round((calories * (0.25 + rng.nextFloat() * 0.15)) / 9)
  const carbs = Math.max(2, Math.round((calories - protein * 4 - fat * 9) / 4))
  return {calories, fat, saturatedFat: Math.round(fat * (0.2 + rng.nextFloat() * 0.3)), carbs, fiber: between(rng, 1, 11), sugar: course === 'Dessert' || course === 'Drink' ? between(rng, 18, 42) : between(rng, 2, 12), protein, sodium: roundTo5(between(rng, 140, 1180))}
}

function makeReviews(rating: number, publishedDay: number, rng: SeededRandom): Review[] {
  const count = between(rng, 3, 6)
  const authors = sample(rng, REVIEWERS, count)
  return authors.map((author, index) => {
    const stars = Math.max(2, Math.min(5, Math.round(rating + (rng.nextFloat() - 0.5) * 2)))
    return {author, rating: stars, date: dateFromDay(publishedDay + 6 + index * between(rng, 3, 18)), text: pick(rng, REVIEW_TEXTS[stars]!)}
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

type Context = SiteContext<RecipesModel, RecipesState>

const PAGE_SIZE = 12
const DIETS: readonly {id: Diet; label: string; badge: string}[] = [
  {id: 'vegetarian', label: 'Vegetarian', badge: 'V'},
  {id: 'vegan', label: 'Vegan', badge: 'VG'},
  {id: 'gluten-free', label: 'Gluten-free', badge: 'GF'},
]
const TIME_LIMITS = [15, 30, 45, 60] as const
const SERVING_CHOICES = [2, 4, 6, 8, 12] as const
const MAX_SERVINGS = 48

function nav(model: RecipesModel): NavLink[] {
  return [
    {href: '/recipes', label: 'All Recipes'},
    ...model.cuisines.map((cuisine) => ({href: `/recipes${queryString({cuisine})}`, label: cuisine})),
    {href: `/recipes${queryString({time: 30})}`, label: 'Quick & Easy'},
    {href: '/box', label: 'Recipe Box'},
  ]
}

function shell(context: Context, title: string, body: Html, options: {q?: string; script?: string} = {}): string {
  const count = context.state.box.length
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    search: {action: '/recipes', name: 'q', placeholder: 'Search recipes, ingredients…', value: options.q ?? ''},
    headerExtras: html`<a href="/about">About</a><a class="box-link" href="/box">♥ Recipe Box (<span class="box-count">${count}</span>)</a>`,
    css: RECIPES_CSS,
    script: options.script,
  })
}

function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/recipes') return htmlReply(listingPage(request.query, context))
  if (path === '/box' && method === 'POST') return updateBox(request.form, context)
  if (path === '/box') return htmlReply(boxPage(context))
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(context.model), `${context.site.name} publishes tested home-cooking recipes from ${context.model.cuisines.length} cuisines. Every recipe is cooked at least three times in our test kitchen before it goes live.`))
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

function recipePath(recipe: Recipe): string {
  return `/recipe/${recipe.id}-${recipe.slug}`
}

function imageOf(recipe: Recipe): string {
  return `/img/food/${recipe.id}-${hashString(recipe.name)}.svg`
}

const CLOCK = raw('<svg class="clock" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M8 4.2V8l2.6 1.6" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>')

function dietBadges(recipe: Recipe): Html {
  return html`${DIETS.filter((d) => recipe.diets.includes(d.id)).map((d) => html`<span class="diet-badge diet-${d.id}" title="${d.label}">${d.label}</span>`)}`
}

function recipeCard(recipe: Recipe, withDescription = false): Html {
  return html`<article class="card recipe-card">
    <a class="card-image" href="${recipePath(recipe)}" tabindex="-1"><img src="${imageOf(recipe)}" alt="${recipe.name}" width="400" height="300"></a>
    <div class="card-body">
      <div class="card-kicker">${recipe.cuisine} · ${recipe.course}</div>
      <h3><a class="recipe-title" data-recipe="${recipe.id}" href="${recipePath(recipe)}">${recipe.name}</a></h3>
      <div class="card-rating">${stars(recipe.rating)} <span class="muted">${recipe.rating.toFixed(1)} (${recipe.ratingCount})</span></div>
      <div class="card-meta"><span class="time">${CLOCK} ${formatDuration(recipe.total)}</span> ${dietBadges(recipe)}</div>
      ${withDescription ? html`<p class="muted card-desc">${recipe.description}</p>` : ''}
    </div>
  </article>`
}

function home(context: Context): string {
  const {model, site} = context
  const byPopularity = [...model.recipes].sort((a, b) => b.ratingCount - a.ratingCount || a.id - b.id)
  const featured = [...model.recipes].filter((r) => r.course === 'Main course').sort((a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount)[0] ?? byPopularity[0]!
  const quick = model.recipes.filter((r) => r.total <= 30 && r.id !== featured.id).slice(0, 4)
  const plantBased = model.recipes.filter((r) => r.diets.includes('vegan') && r.id !== featured.id).slice(0, 4)
  const heroImage = html`<a href="${recipePath(featured)}" class="hero-image"><img src="${imageOf(featured)}" alt="${featured.name}" width="520" height="390"></a>`
  return shell(
    context,
    'Home',
    html`<section class="card hero${model.layout.heroImageRight ? ' hero-right' : ''}">
      ${model.layout.heroImageRight ? '' : heroImage}
      <div class="hero-text">
        <span class="badge">Recipe of the week</span>
        <h1>${featured.name}</h1>
        <div>${stars(featured.rating)} <strong>${featured.rating.toFixed(1)}</strong> <span class="muted">(${featured.ratingCount} ratings)</span></div>
        <p>${featured.description}</p>
        <p class="muted">${CLOCK} ${formatDuration(featured.total)} · Serves ${featured.servings} · By ${featured.author}</p>
        <a class="btn btn-dark" href="${recipePath(featured)}">Get the recipe</a>
      </div>
      ${model.layout.heroImageRight ? heroImage : ''}
    </section>
    <p class="tagline muted">${model.tagline}. ${model.recipes.length} recipes from ${model.cuisines.length} cuisines, all tested at ${site.name}.</p>
    <h2>Browse by cuisine</h2>
    <div class="cuisine-tiles">${model.cuisines.map((cuisine) => html`<a class="card cuisine-tile" href="/recipes${queryString({cuisine})}"><img src="/img/food/cuisine-${slugify(cuisine)}.svg" alt="" width="160" height="120"><strong>${cuisine}</strong><span class="muted">${model.recipes.filter((r) => r.cuisine === cuisine).length} recipes</span></a>`)}</div>
    <h2>Trending this week</h2>
    <div class="recipe-grid cols-4">${byPopularity.slice(0, 8).map((r) => recipeCard(r))}</div>
    <div class="home-columns">
      <section><h2>Ready in 30 minutes or less</h2><div class="recipe-grid cols-2">${quick.map((r) => recipeCard(r))}</div><a class="more-link" href="/recipes${queryString({time: 30})}">See all quick recipes ›</a></section>
      <section><h2>Plant-based picks</h2><div class="recipe-grid cols-2">${plantBased.map((r) => recipeCard(r))}</div><a class="more-link" href="/recipes${queryString({diet: 'vegan'})}">See all vegan recipes ›</a></section>
    </div>`,
  )
}

// --- Listing

type Sort = 'popular' | 'rating' | 'quickest' | 'newest' | 'name'
const SORTS: readonly {id: Sort; label: string}[] = [
  {id: 'popular', label: 'Most popular'},
  {id: 'rating', label: 'Top rated'},
  {id: 'quickest', label: 'Quickest'},
  {id: 'newest', label: 'Newest'},
  {id: 'name', label: 'A–Z'},
]

interface ListingFilters {
  q: string
  cuisine: string
  course: string
  diets: Diet[]
  time: number
  sort: Sort | ''
  page: number
}

function filtersOf(query: URLSearchParams): ListingFilters {
  const diets = (query.get('diet') ?? '').split(',').filter((d): d is Diet => DIETS.some((known) => known.id === d))
  const time = Number(query.get('time'))
  return {
    q: (query.get('q') ?? '').trim(),
    cuisine: query.get('cuisine') ?? '',
    course: query.get('course') ?? '',
    diets,
    time: (TIME_LIMITS as readonly number[]).includes(time) ? time : 0,
    sort: SORTS.find((s) => s.id === query.get('sort'))?.id ?? '',
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  }
}

function listingHref(filters: ListingFilters, changes: Partial<ListingFilters>): string {
  const next = {...filters, page: 1, ...changes}
  return `/recipes${queryString({q: next.q, cuisine: next.cuisine, course: next.course, diet: DIETS.filter((d) => next.diets.includes(d.id)).map((d) => d.id).join(','), time: next.time || '', sort: next.sort, page: next.page > 1 ? next.page : ''})}`
}

function searchText(recipe: Recipe): string {
  return normaliseAnswer(`${recipe.name} ${recipe.cuisine} ${recipe.course} ${recipe.ingredients.map((i) => i.name).join(' ')}`)
}

function searchScore(recipe: Recipe, q: string): number {
  const name = normaliseAnswer(recipe.name)
  const query = normaliseAnswer(q)
  if (name === query) return 3
  return query.split(' ').every((word) => name.includes(word)) ? 2 : 0
}

function filteredRecipes(model: RecipesModel, filters: ListingFilters): Recipe[] {
  const words = normaliseAnswer(filters.q).split(' ').filter(Boolean)
  const hits = model.recipes.filter(
    (r) =>
      words.every((word) => searchText(r).includes(word)) &&
      (!filters.cuisine || r.cuisine === filters.cuisine) &&
      (!filters.course || r.course === filters.course) &&
      filters.diets.every((d) => r.diets.includes(d)) &&
      (!filters.time || r.total <= filters.time),
  )
  const order: Record<Sort, (a: Recipe, b: Recipe) => number> = {
    popular: (a, b) => b.ratingCount - a.ratingCount,
    rating: (a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount,
    quickest: (a, b) => a.total - b.total,
    newest: (a, b) => b.publishedDay - a.publishedDay,
    name: (a, b) => a.name.localeCompare(b.name),
  }
  const sort = filters.sort || 'popular'
  const relevance = (a: Recipe, b: Recipe) => (filters.q && !filters.sort ? searchScore(b, filters.q) - searchScore(a, filters.q) : 0)
  return [...hits].sort((a, b) => relevance(a, b) || order[sort](a, b) || a.id - b.id)
}

function facetLink(label: string, active: boolean, href: string, cls: string, data: Html, count?: number): Html {
  return html`<li><a class="facet ${cls}${active ? ' active' : ''}" ${data} href="${href}"><span class="check" aria-hidden="true">${active ? '✓' : ''}</span>${label}${count === undefined ? '' : html` <span class="muted">(${count})</span>`}</a></li>`
}

function listingPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const filters = filtersOf(query)
  const results = filteredRecipes(model, filters)
  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE))
  const current = Math.min(filters.page, pages)
  const shown = results.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const title = filters.q ? `Recipes matching “${filters.q}”` : filters.cuisine ? `${filters.cuisine} recipes` : filters.course ? `${filters.course} recipes` : 'All recipes'
  const anyFilter = Boolean(filters.cuisine || filters.course || filters.diets.length || filters.time)
  const countWith = (changes: Partial<ListingFilters>) => filteredRecipes(model, {...filters, ...changes}).length
  const toggleDiet = (diet: Diet) => (filters.diets.includes(diet) ? filters.diets.filter((d) => d !== diet) : [...filters.diets, diet])
  const sidebar = html`<aside class="sidebar card filters">
    <div class="filters-head"><h2>Filters</h2>${anyFilter ? html`<a class="clear-filters" href="${listingHref(filters, {cuisine: '', course: '', diets: [], time: 0})}">Clear all</a>` : ''}</div>
    <h3>Cuisine</h3><ul>${facetLink('All cuisines', !filters.cuisine, listingHref(filters, {cuisine: ''}), 'facet-cuisine', html`data-cuisine=""`)}${model.cuisines.map((c) => facetLink(c, c === filters.cuisine, listingHref(filters, {cuisine: c}), 'facet-cuisine', html`data-cuisine="${c}"`, countWith({cuisine: c})))}</ul>
    <h3>Diet</h3><ul class="checkbox-list">${DIETS.map((d) => facetLink(d.label, filters.diets.includes(d.id), listingHref(filters, {diets: toggleDiet(d.id)}), 'facet-diet', html`data-diet="${d.id}"`))}</ul>
    <h3>Total time</h3><ul class="radio-list">${facetLink('Any time', !filters.time, listingHref(filters, {time: 0}), 'facet-time', html`data-time="0"`)}${TIME_LIMITS.map((t) => facetLink(t === 60 ? '1 hour or less' : `${t} minutes or less`, t === filters.time, listingHref(filters, {time: t}), 'facet-time', html`data-time="${t}"`, countWith({time: t})))}</ul>
    <h3>Meal type</h3><ul>${facetLink('All meals', !filters.course, listingHref(filters, {course: ''}), 'facet-course', html`data-course=""`)}${model.courses.map((c) => facetLink(c, c === filters.course, listingHref(filters, {course: c}), 'facet-course', html`data-course="${c}"`))}</ul>
  </aside>`
  const chips = [
    ...(filters.cuisine ? [{label: filters.cuisine, href: listingHref(filters, {cuisine: ''})}] : []),
    ...(filters.course ? [{label: filters.course, href: listingHref(filters, {course: ''})}] : []),
    ...filters.diets.map((d) => ({label: DIETS.find((x) => x.id === d)!.label, href: listingHref(filters, {diets: toggleDiet(d)})})),
    ...(filters.time ? [{label: `≤ ${filters.time} min`, href: listingHref(filters, {time: 0})}] : []),
  ]
  const layout = model.layout.listing
  const content = html`<section class="content">
    <div class="toolbar"><h1>${title}</h1><span class="muted result-count">${results.length} ${results.length === 1 ? 'recipe' : 'recipes'}</span></div>
    ${chips.length > 0 ? html`<div class="active-chips">${chips.map((c) => html`<a class="chip" href="${c.href}" title="Remove filter">${c.label} ✕</a>`)}</div>` : ''}
    <div class="sort-bar">Sort by: ${SORTS.map((s) => ((filters.sort || (filters.q ? '' : 'popular')) === s.id ? html`<strong class="sort-option active">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${listingHref(filters, {sort: s.id})}">${s.label}</a>`))}</div>
    ${shown.length === 0 ? html`<div class="card empty"><h2>No recipes found</h2><p>Try removing a filter or searching for a single ingredient.</p></div>` : html`<div class="recipe-grid ${layout === 'list' ? 'as-list' : layout === 'grid4' ? 'cols-4' : 'cols-3'}">${shown.map((r) => recipeCard(r, layout === 'list'))}</div>`}
    ${pagination(current, pages, (p) => listingHref(filters, {page: p}))}
  </section>`
  return shell(
    context,
    title,
    html`${breadcrumb([{href: '/', label: 'Home'}], title)}
    <div class="row listing sidebar-${model.layout.sidebar}">${model.layout.sidebar === 'left' ? html`${sidebar}${content}` : html`${content}${sidebar}`}</div>`,
    {q: filters.q},
  )
}

// --- Recipe page

interface RecipeView {
  servings: number
  units: Units
  notice: 'saved' | 'removed' | 'reviewed' | ''
  reviewForm?: {values: URLSearchParams; errors: Record<string, string>}
}

function viewOf(recipe: Recipe, query: URLSearchParams): RecipeView {
  const servings = Number.parseInt(query.get('servings') ?? '', 10)
  const notice = query.get('saved') === '1' ? 'saved' : query.get('removed') === '1' ? 'removed' : query.get('reviewed') === '1' ? 'reviewed' : ''
  return {servings: servings >= 1 && servings <= MAX_SERVINGS ? servings : recipe.servings, units: query.get('units') === 'metric' ? 'metric' : 'us', notice}
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

function recipePage(recipe: Recipe, context: Context, view: RecipeView): string {
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
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: '/recipes', label: 'Recipes'}, {href: `/recipes${queryString({cuisine: recipe.cuisine})}`, label: recipe.cuisine}], recipe.name)}
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

function postReview(recipe: Recipe, form: URLSearchParams, context: Context): SiteReply {
  const rating = Number(form.get('rating'))
  const name = (form.get('name') ?? '').trim()
  const text = (form.get('text') ?? '').trim()
  const errors: Record<string, string> = {}
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = 'Choose a rating from 1 to 5 stars.'
  if (name.length < 2 || name.length > 40) errors.name = 'Enter your name (2 to 40 characters).'
  if (text.length < 10) errors.text = 'Your review needs at least 10 characters.'
  else if (text.length > 1000) errors.text = 'Keep your review under 1,000 characters.'
  if (Object.keys(errors).length > 0) return htmlReply(recipePage(recipe, context, {servings: recipe.servings, units: 'us', notice: '', reviewForm: {values: form, errors}}), 422)
  context.state.reviews.push({recipeId: recipe.id, rating, name, text, date: context.model.today})
  return redirect(`${recipePath(recipe)}?reviewed=1#reviews`)
}

// --- Recipe box

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

function shoppingList(saved: Recipe[]): {amount: string; name: string}[] {
  const totals = new Map<string, {qty: number; ingredient: Ingredient}>()
  for (const recipe of saved)
    for (const ingredient of recipe.ingredients) {
      const key = `${ingredient.unit}|${ingredient.name}`
      const entry = totals.get(key)
      if (entry) entry.qty += ingredient.qty
      else totals.set(key, {qty: ingredient.qty, ingredient})
    }
  return [...totals.values()]
    .map(({qty, ingredient}) => {
      const line = ingredientLine({...ingredient, qty: niceQuantity(qty)}, 1, 'us')
      return {amount: `${line.amount}${line.unit ? ` ${line.unit}` : ''}`, name: line.name}
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

function boxPage(context: Context): string {
  const saved = context.state.box.map((id) => context.model.recipes.find((r) => r.id === id)).filter((r): r is Recipe => r !== undefined)
  const body =
    saved.length === 0
      ? html`<div class="card empty"><h2>Your recipe box is empty</h2><p>Tap “Save to recipe box” on any recipe to keep it here for later.</p><a class="btn btn-dark" href="/recipes">Browse recipes</a></div>`
      : html`<div class="row box-layout">
        <section class="content"><div class="saved-list">${saved.map(
          (r) => html`<div class="card saved-item" data-recipe="${r.id}"><img src="${imageOf(r)}" alt="" width="160" height="120"><div class="saved-info"><h3><a class="recipe-title" data-recipe="${r.id}" href="${recipePath(r)}">${r.name}</a></h3><div>${stars(r.rating)} <span class="muted">${r.rating.toFixed(1)} · ${CLOCK} ${formatDuration(r.total)} · Serves ${r.servings}</span></div><div>${dietBadges(r)}</div></div>
            <form method="post" action="/box"><input type="hidden" name="action" value="remove"><input type="hidden" name="recipe" value="${r.id}"><button class="btn remove-saved" type="submit">Remove</button></form></div>`,
        )}</div></section>
        <aside class="sidebar card shopping-list"><h2>Shopping list</h2><p class="muted small">Everything for your ${saved.length} saved ${saved.length === 1 ? 'recipe' : 'recipes'}, at their original servings.</p><ul>${shoppingList(saved).map((item) => html`<li><strong>${item.amount}</strong> ${item.name}</li>`)}</ul></aside>
      </div>`
  return shell(context, 'My recipe box', html`${breadcrumb([{href: '/', label: 'Home'}], 'My recipe box')}<div class="toolbar"><h1>My recipe box</h1><span class="muted">${saved.length} saved ${saved.length === 1 ? 'recipe' : 'recipes'}</span></div>${body}`)
}

// ---------------------------------------------------------------------------------------------------------------
// Checks on free-text answers: amounts with units, durations, recipe names

const UNIT_WORDS: Record<string, string> = {
  c: 'cup', cup: 'cup', cups: 'cup',
  tbsp: 'tbsp', tbs: 'tbsp', tbsps: 'tbsp', tbl: 'tbsp', tablespoon: 'tbsp', tablespoons: 'tbsp',
  tsp: 'tsp', tsps: 'tsp', teaspoon: 'tsp', teaspoons: 'tsp',
  oz: 'oz', ounce: 'oz', ounces: 'oz',
  lb: 'lb', lbs: 'lb', pound: 'lb', pounds: 'lb',
  ml: 'ml', mls: 'ml', milliliter: 'ml', milliliters: 'ml', millilitre: 'ml', millilitres: 'ml',
  g: 'g', gr: 'g', gram: 'g', grams: 'g', gramme: 'g', grammes: 'g',
  clove: 'clove', cloves: 'clove',
}
const VULGAR_FRACTIONS: Record<string, number> = {'½': 1 / 2, '¼': 1 / 4, '¾': 3 / 4, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8}

/** Every amount written in an answer ("1 1/2 cups", "1.5 cup", "1½ c", "480ml") with the unit word after it. */
function amountsIn(answer: string | null): {value: number; unit: string}[] {
  if (answer === null) return []
  const text = answer.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/[\u2044\u2215]/g, '/')
  const pattern = /(\d+)(?:[\s-]+|\s+and\s+)(\d+)\/(\d+)|(\d+)\/(\d+)|(\d*)\s?([½¼¾⅓⅔⅛⅜⅝⅞])|(\d+(?:\.\d+)?|\.\d+)/g
  const amounts: {value: number; unit: string}[] = []
  for (const match of text.matchAll(pattern)) {
    const [, mixedWhole, mixedNum, mixedDen, num, den, vulgarWhole, vulgar, plain] = match
    const value =
      mixedWhole !== undefined ? Number(mixedWhole) + Number(mixedNum) / Number(mixedDen)
      : num !== undefined ? Number(num) / Number(den)
      : vulgar !== undefined ? Number(vulgarWhole || 0) + VULGAR_FRACTIONS[vulgar]!
      : Number(plain)
    const unitWord = /^\s*-?\s*([a-z]+)/.exec(text.slice(match.index + match[0].length))?.[1] ?? ''
    amounts.push({value, unit: UNIT_WORDS[unitWord] ?? ''})
  }
  return amounts
}

function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.011
}

function mentionsAmount(answer: string | null, value: number): boolean {
  return amountsIn(answer).some((a) => sameAmount(a.value, value))
}

function mentionsAmountWithUnit(answer: string | null, value: number, unit: string): boolean {
  return amountsIn(answer).some((a) => sameAmount(a.value, value) && a.unit === unit)
}

/** Whether the answer gives `total` minutes, as "65 minutes", "65 min" or "1 hr 5 min". */
function mentionsMinutes(answer: string | null, total: number): boolean {
  if (answer === null) return false
  if (answerMentions(answer, total)) return true
  const text = answer.toLowerCase()
  for (const m of text.matchAll(/(\d+)\s*(?:h|hr|hrs|hours?)\b(?:\s*(?:and\s*)?(\d+)\s*(?:m|min|mins|minutes?)\b)?/g)) if (Number(m[1]) * 60 + Number(m[2] ?? 0) === total) return true
  for (const m of text.matchAll(/(\d+)\s*(?:m|min|mins|minutes?)\b/g)) if (Number(m[1]) === total) return true
  return false
}

/** The recipes an answer names; a name inside a longer named one ("Chicken Curry" in "Spicy Chicken Curry") does not count. */
function mentionedRecipes(model: RecipesModel, answer: string | null): Recipe[] {
  const named = model.recipes.filter((r) => answerMentions(answer, r.name))
  return named.filter((r) => !named.some((other) => other !== r && ` ${normaliseAnswer(other.name)} `.includes(` ${normaliseAnswer(r.name)} `)))
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

type Fact = FactDef<RecipesState>

const searchBox = {selector: 'form.header-search input[name="q"]', description: 'the recipe search box in the header'}
const recipeLink = (r: Recipe) => ({selector: `a.recipe-title[data-recipe="${r.id}"]`, description: `the recipe title "${r.name}" in the results`})

function openRecipe(r: Recipe): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: r.name, submit: true},
    {op: 'click', target: recipeLink(r)},
  ]
}

function chooseServings(servings: number): SolutionStep {
  return {op: 'click', target: {selector: `a.servings-option[data-servings="${servings}"]`, description: `the "${servings}" servings button above the ingredients`}}
}

const answerFact = (text: string, check: (answer: string | null) => boolean): Fact => ({text, check: ({answer}: CheckInput<RecipesState>) => check(answer)})

/** Ingredients a task can ask about: measured in a unit, and not named inside another ingredient's name. */
function askable(recipe: Recipe): Ingredient[] {
  return recipe.ingredients.filter((i) => i.unit !== '' && !recipe.ingredients.some((other) => other !== i && other.name.includes(i.name)))
}

/** The facts that an answer states one ingredient's amount, and states it in the right unit. */
function amountFacts(ingredient: Ingredient, value: number, shown: string, unit: string, unitLabel: string): Fact[] {
  return [
    answerFact(`The answer gives ${shown} as the amount of ${ingredient.name}`, (answer) => mentionsAmount(answer, value)),
    answerFact(`The amount of ${ingredient.name} is given in ${unitLabel} (${shown} ${unitLabel})`, (answer) => mentionsAmountWithUnit(answer, value, unit)),
  ]
}

interface ScaledPick {
  recipe: Recipe
  servings: number
  ingredients: [Ingredient, Ingredient]
}

/** A recipe, a servings count other than its own, and two ingredients whose scaled amounts are exact and differ from the original. */
function pickScaled(candidates: Recipe[], metric: boolean, rng: SeededRandom, avoid: Set<number>): ScaledPick | undefined {
  for (const recipe of candidates) {
    if (avoid.has(recipe.id)) continue
    for (const servings of shuffle(rng, SERVING_CHOICES.filter((s) => s !== recipe.servings))) {
      const factor = servings / recipe.servings
      const usable = askable(recipe).filter((i) => scalesExactly(i, factor) && (!metric || (METRIC[i.unit] !== undefined && i.unit !== 'tsp')) && (metric ? metricAmount(scaledQuantity(i, factor), i.unit)!.value !== metricAmount(i.qty, i.unit)!.value : true))
      const volume = usable.filter((i) => METRIC[i.unit]?.unit === 'ml')
      const weight = usable.filter((i) => METRIC[i.unit]?.unit === 'g')
      const pair = metric && volume.length > 0 && weight.length > 0 ? [pick(rng, volume), pick(rng, weight)] : sample(rng, usable, 2)
      if (pair.length === 2) return {recipe, servings, ingredients: [pair[0]!, pair[1]!]}
    }
  }
  return undefined
}

function usAnswer(ingredient: Ingredient, factor: number): {value: number; shown: string; unit: string; label: string} {
  const value = scaledQuantity(ingredient, factor)
  const line = ingredientLine(ingredient, factor, 'us')
  return {value, shown: line.amount, unit: ingredient.unit, label: line.unit}
}

function metricAnswer(ingredient: Ingredient, factor: number): {value: number; shown: string; unit: string; label: string} {
  const metric = metricAmount(scaledQuantity(ingredient, factor), ingredient.unit)!
  return {value: metric.value, shown: String(metric.value), unit: metric.unit, label: metric.unit === 'ml' ? 'millilitres (ml)' : 'grams (g)'}
}

function makeTasks(site: SiteInfo, model: RecipesModel): FixtureTaskDef<RecipesState>[] {
  const rng = rngFor(site, 'tasks')
  const order = shuffle(rng, [...model.recipes])
  const used = new Set<number>()
  const take = (test: (r: Recipe) => boolean): Recipe => {
    const found = order.find((r) => !used.has(r.id) && test(r)) ?? order.find((r) => !used.has(r.id))!
    used.add(found.id)
    return found
  }
  const tasks: FixtureTaskDef<RecipesState>[] = []

  // Easy: one ingredient's amount at the recipe's own servings.
  const lookup = take((r) => askable(r).length > 0)
  const asked = pick(rng, askable(lookup))
  const plain = usAnswer(asked, 1)
  tasks.push({
    key: `amount-${lookup.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, how much ${asked.name} does the "${lookup.name}" recipe call for (at its original ${lookup.servings} servings)?`,
    groups: [{description: `Amount of ${asked.name}`, facts: amountFacts(asked, plain.value, plain.shown, plain.unit, plain.label)}],
    referenceAnswer: `${plain.shown} ${plain.label} of ${asked.name}`,
    solution: [...openRecipe(lookup), {op: 'answer', text: `${plain.shown} ${plain.label} of ${asked.name}`}],
  })

  // Medium: two amounts after scaling with the servings adjuster.
  const scaled = pickScaled(order, false, rng, used)
  if (scaled) {
    used.add(scaled.recipe.id)
    const factor = scaled.servings / scaled.recipe.servings
    const [x, y] = scaled.ingredients.map((i) => ({ingredient: i, ...usAnswer(i, factor)})) as [ReturnType<typeof usAnswer> & {ingredient: Ingredient}, ReturnType<typeof usAnswer> & {ingredient: Ingredient}]
    const answer = `${x.shown} ${x.label} of ${x.ingredient.name} and ${y.shown} ${y.label} of ${y.ingredient.name}`
    tasks.push({
      key: `scale-${scaled.recipe.id}-${scaled.servings}`,
      kind: 'lookup',
      intent: `On ${site.name}, I want to make the "${scaled.recipe.name}" recipe for ${scaled.servings} people. Using the recipe's servings adjuster, how much ${x.ingredient.name} and how much ${y.ingredient.name} will I need?`,
      groups: [
        {description: `${x.ingredient.name} for ${scaled.servings} servings`, facts: amountFacts(x.ingredient, x.value, x.shown, x.unit, x.label)},
        {description: `${y.ingredient.name} for ${scaled.servings} servings`, facts: amountFacts(y.ingredient, y.value, y.shown, y.unit, y.label)},
      ],
      referenceAnswer: answer,
      solution: [...openRecipe(scaled.recipe), chooseServings(scaled.servings), {op: 'answer', text: answer}],
    })
  }

  // Medium: two amounts, scaled and in metric units.
  const metric = pickScaled(order, true, rng, used)
  if (metric) {
    used.add(metric.recipe.id)
    const factor = metric.servings / metric.recipe.servings
    const [x, y] = metric.ingredients.map((i) => ({ingredient: i, ...metricAnswer(i, factor)})) as [ReturnType<typeof metricAnswer> & {ingredient: Ingredient}, ReturnType<typeof metricAnswer> & {ingredient: Ingredient}]
    const answer = `${x.shown} ${x.unit} of ${x.ingredient.name} and ${y.shown} ${y.unit} of ${y.ingredient.name}`
    tasks.push({
      key: `metric-${metric.recipe.id}-${metric.servings}`,
      kind: 'lookup',
      intent: `On ${site.name}, I am cooking the "${metric.recipe.name}" recipe for ${metric.servings} people and only have metric measuring tools. Scale the recipe to ${metric.servings} servings and switch it to metric units: how much ${x.ingredient.name} and how much ${y.ingredient.name} do I need?`,
      groups: [
        {description: `${x.ingredient.name} in metric for ${metric.servings} servings`, facts: amountFacts(x.ingredient, x.value, x.shown, x.unit, x.label)},
        {description: `${y.ingredient.name} in metric for ${metric.servings} servings`, facts: amountFacts(y.ingredient, y.value, y.shown, y.unit, y.label)},
      ],
      referenceAnswer: answer,
      solution: [...openRecipe(metric.recipe), chooseServings(metric.servings), {op: 'click', target: {selector: 'a.unit-option[data-units="metric"]', description: 'the "Metric" units toggle'}}, {op: 'answer', text: answer}],
    })
  }

  const constrained = bestWithConstraints(model, rng)
  if (constrained) tasks.push(searchTask(site, model, constrained))

  // Hard: save two recipes and review a third.
  const [first, second, reviewed] = [take(() => true), take(() => true), take(() => true)]
  tasks.push(boxAndReviewTask(site, first, second, reviewed, rng))

  // Easy: calories and total time.
  const facts = take(() => true)
  const factsAnswer = `${facts.nutrition.calories} calories per serving; ${formatDuration(facts.total)} in total`
  tasks.push({
    key: `facts-${facts.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, how many calories per serving does the "${facts.name}" recipe have, and how long does it take to make in total?`,
    groups: [
      {
        description: 'Recipe facts',
        facts: [
          answerFact(`The answer gives ${facts.nutrition.calories} calories per serving`, (answer) => answerMentions(answer, facts.nutrition.calories)),
          answerFact(`The answer gives a total time of ${formatDuration(facts.total)}`, (answer) => mentionsMinutes(answer, facts.total)),
        ],
      },
    ],
    referenceAnswer: factsAnswer,
    solution: [...openRecipe(facts), {op: 'answer', text: factsAnswer}],
  })
  return tasks
}

interface Constrained {
  cuisine: string
  diet: (typeof DIETS)[number]
  limit: number
  best: Recipe
}

function bestWithConstraints(model: RecipesModel, rng: SeededRandom): Constrained | undefined {
  const options: (Constrained & {hits: number})[] = []
  for (const cuisine of model.cuisines)
    for (const diet of DIETS)
      for (const limit of TIME_LIMITS) {
        const ofCuisine = model.recipes.filter((r) => r.cuisine === cuisine)
        const hits = ofCuisine.filter((r) => r.diets.includes(diet.id) && r.total <= limit).sort((a, b) => b.rating - a.rating)
        const withDiet = ofCuisine.filter((r) => r.diets.includes(diet.id)).length
        const inTime = ofCuisine.filter((r) => r.total <= limit).length
        // Worth asking only when both filters matter and the best rating is unique.
        if (hits.length >= 1 && withDiet > hits.length && inTime > hits.length && (hits.length === 1 || hits[0]!.rating > hits[1]!.rating)) options.push({cuisine, diet, limit, best: hits[0]!, hits: hits.length})
      }
  const several = options.filter((o) => o.hits >= 2)
  const pool = several.length > 0 ? several : options
  return pool.length === 0 ? undefined : pick(rng, pool)
}

function searchTask(site: SiteInfo, model: RecipesModel, {cuisine, diet, limit, best}: Constrained): FixtureTaskDef<RecipesState> {
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
          answerFact(`The recipe named is a ${cuisine} recipe`, named((r) => r.cuisine === cuisine)),
          answerFact(`The recipe named is ${diet.label.toLowerCase()}`, named((r) => r.diets.includes(diet.id))),
          answerFact(`The recipe named takes ${limitText} or less in total`, named((r) => r.total <= limit)),
        ],
      },
      {
        description: 'It is the highest-rated such recipe',
        facts: [
          answerFact(`The answer names "${best.name}"`, (text) => answerMentions(text, best.name)),
          answerFact(`The answer gives its total time, ${formatDuration(best.total)}`, (text) => mentionsMinutes(text, best.total)),
          answerFact(`The answer gives its rating, ${best.rating.toFixed(1)}`, (text) => answerMentions(text, best.rating.toFixed(1))),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/recipes"]', description: 'the "All Recipes" link in the navigation'}},
      {op: 'click', target: {selector: `a.facet-cuisine[data-cuisine="${cuisine}"]`, description: `the "${cuisine}" cuisine filter`}},
      {op: 'click', target: {selector: `a.facet-diet[data-diet="${diet.id}"]`, description: `the "${diet.label}" diet filter`}},
      {op: 'click', target: {selector: `a.facet-time[data-time="${limit}"]`, description: `the "${limit === 60 ? '1 hour' : `${limit} minutes`} or less" time filter`}},
      {op: 'click', target: {selector: 'a.sort-option[data-sort="rating"]', description: 'the "Top rated" sort option'}},
      {op: 'answer', text: answer},
    ],
  }
}

function boxAndReviewTask(site: SiteInfo, first: Recipe, second: Recipe, reviewed: Recipe, rng: SeededRandom): FixtureTaskDef<RecipesState> {
  const review = pick(rng, REVIEW_TASKS)
  const rating = pick(rng, [3, 4, 5])
  const stateFact = (text: string, check: (state: RecipesState) => boolean): Fact => ({text, check: ({state}) => check(state)})
  const posted = (state: RecipesState) => state.reviews.filter((r) => r.recipeId === reviewed.id)
  const saveSteps = (r: Recipe): SolutionStep[] => [...openRecipe(r), {op: 'click', target: {selector: 'button.save-recipe', description: 'the "Save to recipe box" button'}}]
  return {
    key: `box-review-${first.id}-${second.id}-${reviewed.id}`,
    kind: 'state',
    intent: `On ${site.name}, save the "${first.name}" and "${second.name}" recipes to my recipe box (and nothing else), then post a ${rating}-star review of the "${reviewed.name}" recipe under the name "${review.name}" with the text "${review.text}".`,
    groups: [
      {
        description: 'Recipe box',
        facts: [
          stateFact(`The recipe box contains "${first.name}"`, (state) => state.box.includes(first.id)),
          stateFact(`The recipe box contains "${second.name}"`, (state) => state.box.includes(second.id)),
          stateFact('The recipe box holds no other recipes', (state) => state.box.length === 2 && state.box.includes(first.id) && state.box.includes(second.id)),
        ],
      },
      {
        description: `Review of ${reviewed.name}`,
        facts: [
          stateFact(`A review of "${reviewed.name}" was posted`, (state) => posted(state).length > 0),
          stateFact(`The review gives ${rating} stars`, (state) => posted(state).some((r) => r.rating === rating)),
          stateFact(`The review is signed "${review.name}"`, (state) => posted(state).some((r) => normaliseAnswer(r.name) === normaliseAnswer(review.name))),
          stateFact('The review has the requested text', (state) => posted(state).some((r) => normaliseAnswer(r.text) === normaliseAnswer(review.text))),
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      ...saveSteps(first),
      ...saveSteps(second),
      ...openRecipe(reviewed),
      {op: 'click', target: {selector: `label[for="rating-${rating}"]`, description: `star number ${rating} of the rating in the "Write a review" form`}},
      {op: 'type', target: {selector: '#review-name', description: 'the "Your name" field of the review form'}, text: review.name},
      {op: 'type', target: {selector: '#review-text', description: 'the "Your review" text box'}, text: review.text},
      {op: 'click', target: {selector: 'button.submit-review', description: 'the "Post review" button'}},
    ],
  }
}

const RECIPES_CSS = `
.hero{display:flex;gap:28px;align-items:center;margin-bottom:14px;padding:0;overflow:hidden}
.hero-image{flex:0 0 46%}.hero-image img{width:100%;height:auto}
.hero-text{flex:1;padding:22px 26px}.hero-text h1{font-size:34px;margin:8px 0}
.tagline{font-size:16px;margin:6px 0 20px}
.cuisine-tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:12px;margin-bottom:26px}
.cuisine-tile{display:flex;flex-direction:column;align-items:center;gap:4px;color:inherit;padding:10px}
.cuisine-tile img{width:100%;height:auto;border-radius:6px}
.recipe-grid{display:grid;gap:16px;margin-bottom:18px}
.recipe-grid.cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}
.recipe-grid.cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}
.recipe-grid.cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}
.recipe-grid.as-list{grid-template-columns:1fr}
.recipe-card{padding:0;overflow:hidden;display:flex;flex-direction:column}
.recipe-card img{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:#eee}
.card-body{padding:10px 12px 12px}
.card-body h3{font-size:16px;margin:2px 0 4px}.card-body h3 a{color:inherit}
.card-kicker,.kicker{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#8a8f98;font-weight:700}
.card-meta{display:flex;gap:6px;align-items:center;flex-wrap:wrap;font-size:13px;margin-top:4px}
.as-list .recipe-card{flex-direction:row}.as-list .card-image{flex:0 0 220px}.as-list .card-body{padding:14px 18px}
.card-desc{font-size:14px;margin:6px 0 0}
.clock{display:inline-block;vertical-align:-2px}
.diet-badge{display:inline-block;font-size:11px;font-weight:700;padding:1px 7px;border-radius:9px;border:1px solid currentColor}
.diet-vegetarian{color:#2e7d32}.diet-vegan{color:#1b5e20;background:#e8f5e9}.diet-gluten-free{color:#8d6e00}
.home-columns{display:grid;grid-template-columns:1fr 1fr;gap:24px}
.more-link{font-weight:600}
.listing.sidebar-right .sidebar{order:2}
.filters h2{font-size:18px;margin:0}.filters h3{font-size:14px;text-transform:uppercase;letter-spacing:.04em;margin:14px 0 6px}
.filters-head{display:flex;justify-content:space-between;align-items:baseline}
.filters ul{list-style:none;padding:0;margin:0}.filters li{margin:2px 0}
.facet{display:flex;align-items:center;gap:8px;color:inherit;padding:3px 0}
.facet .check{display:inline-flex;width:16px;height:16px;border:1.5px solid #9aa0a6;border-radius:3px;font-size:12px;line-height:1;align-items:center;justify-content:center;flex:none}
.radio-list .facet .check{border-radius:50%}
.facet.active{font-weight:700}.facet.active .check{background:#222;border-color:#222;color:#fff}
.toolbar{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap}
.active-chips{display:flex;gap:8px;margin:4px 0 8px;flex-wrap:wrap}
.chip{border:1px solid rgba(0,0,0,.2);border-radius:14px;padding:2px 10px;font-size:13px;color:inherit;background:#fff}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap;font-size:14px}
.empty{text-align:center;padding:40px}
.recipe-header{max-width:860px;margin-bottom:14px}
.recipe-name{font-size:34px;margin:4px 0 8px}
.recipe-rating{margin-bottom:8px}
.byline{display:flex;align-items:center;gap:6px;margin-bottom:8px}.avatar{border-radius:50%;width:36px;height:36px}
.description{font-size:16px}
.actions{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.save-form{display:flex;align-items:center;gap:8px;margin:0}
.saved-label{font-weight:700;color:#c2185b}
.recipe-top{display:flex;gap:18px;align-items:flex-start;margin-bottom:18px}
.recipe-photo{flex:0 0 58%;width:58%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:8px}
.facts-box{flex:1}
.time-facts{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:0 0 12px}
.time-facts .fact{background:rgba(0,0,0,.035);border-radius:6px;padding:8px 10px}
.time-facts dt{font-size:12px;text-transform:uppercase;color:#777;font-weight:700}.time-facts dd{margin:0;font-size:18px;font-weight:700}
.diet-row{display:flex;gap:6px;flex-wrap:wrap}
.recipe-body{margin-bottom:18px}
.recipe-body.columns{display:grid;grid-template-columns:minmax(300px,38%) 1fr;gap:18px;align-items:start}
.recipe-body.stacked>*{margin-bottom:18px}
.scaler{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin-bottom:10px}
.scaler-label{font-weight:700}
.stepper{display:inline-flex;align-items:center;border:1px solid rgba(0,0,0,.2);border-radius:20px;overflow:hidden}
.step-btn{display:inline-block;width:34px;text-align:center;font-size:20px;line-height:32px;color:inherit;background:rgba(0,0,0,.04)}
.step-btn.disabled{color:#bbb}
.servings-value{min-width:36px;text-align:center;font-weight:700}
.servings-options{display:flex;gap:4px}
.servings-option{display:inline-block;min-width:32px;text-align:center;padding:3px 8px;border:1px solid rgba(0,0,0,.18);border-radius:6px;color:inherit;font-size:14px}
.servings-option.active{background:#222;color:#fff;border-color:#222}
.unit-toggle{display:inline-flex;border:1px solid rgba(0,0,0,.25);border-radius:8px;overflow:hidden;margin-bottom:8px}
.unit-option{padding:5px 16px;color:inherit;font-weight:600;font-size:14px}
.unit-option.active{background:#222;color:#fff}
.scale-note{font-size:14px;margin:4px 0 8px}
.ingredient-list{list-style:none;padding:0;margin:0}
.ingredient{display:flex;gap:10px;align-items:baseline;padding:7px 0;border-bottom:1px dashed rgba(0,0,0,.12)}
.ingredient .tick{flex:none;width:14px;height:14px;border:1.5px solid #aaa;border-radius:50%;transform:translateY(2px)}
.ingredient .amount{font-weight:700;white-space:nowrap}
.small{font-size:13px}
.steps{list-style:none;padding:0;margin:0}
.step{margin-bottom:14px}.step-number{display:block;font-weight:700;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#888}
.step p{margin:2px 0 0;font-size:16px}
.tip{background:rgba(255,193,7,.14);border-left:4px solid #f0a500;padding:10px 12px;border-radius:4px}
.nutrition{max-width:520px;margin-bottom:18px}.nutrition-table th{width:60%;background:none}
.reviews .review{border-top:1px solid rgba(0,0,0,.08);padding:10px 0}
.reviews .review p{margin:4px 0 0}
.own-review{background:rgba(0,128,0,.04)}
.review-summary{margin-bottom:8px}
.review-form{margin-top:14px;max-width:640px}
.star-field{border:0;padding:0}
.field-label{font-weight:600;display:block;margin-bottom:4px}
.star-input{display:inline-flex;flex-direction:row-reverse;gap:2px;vertical-align:middle}
.star-input input{position:absolute;opacity:0;width:1px;height:1px;pointer-events:none}
.star-input label{font-size:32px;line-height:1;color:#c9ccd1;cursor:pointer;margin:0;padding:0 2px}
.star-input input:checked~label,.star-input label:hover,.star-input label:hover~label{color:#f0a500}
.star-choice{margin-left:10px;font-size:14px}
.saved-list{display:flex;flex-direction:column;gap:12px}
.saved-item{display:flex;gap:14px;align-items:center}
.saved-item img{width:160px;height:auto;border-radius:6px}
.saved-info{flex:1}
.shopping-list{width:320px}.shopping-list ul{padding-left:18px;margin:0}.shopping-list li{margin:3px 0}
`
