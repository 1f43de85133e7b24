// Content tables of the shop family: catalog themes, brands, product words, reviews and checkout customers.

export const CATALOGS = [
  {
    theme: 'outdoor gear',
    categories: ['Tents', 'Backpacks', 'Sleeping Bags', 'Headlamps', 'Trekking Poles', 'Water Bottles'],
    nouns: ['Tent', 'Pack', 'Sleeping Bag', 'Headlamp', 'Trekking Pole', 'Bottle'],
  },
  {
    theme: 'electronics',
    categories: ['Headphones', 'Speakers', 'Keyboards', 'Monitors', 'Webcams', 'Chargers'],
    nouns: ['Headphones', 'Speaker', 'Keyboard', 'Monitor', 'Webcam', 'Charger'],
  },
  {
    theme: 'kitchenware',
    categories: ['Pans', 'Knives', 'Kettles', 'Blenders', 'Cutting Boards', 'Mugs'],
    nouns: ['Pan', 'Knife', 'Kettle', 'Blender', 'Cutting Board', 'Mug'],
  },
  {
    theme: 'home and garden',
    categories: ['Lamps', 'Planters', 'Rugs', 'Cushions', 'Garden Tools', 'Clocks'],
    nouns: ['Lamp', 'Planter', 'Rug', 'Cushion', 'Hand Trowel', 'Wall Clock'],
  },
  {
    theme: 'sports equipment',
    categories: ['Running Shoes', 'Yoga Mats', 'Dumbbells', 'Bike Helmets', 'Jump Ropes', 'Gym Bags'],
    nouns: ['Running Shoe', 'Yoga Mat', 'Dumbbell Set', 'Bike Helmet', 'Jump Rope', 'Gym Bag'],
  },
] as const

export const BRANDS = [
  'Altura',
  'Brightline',
  'Corvo',
  'Dunmore',
  'Elkhorn',
  'Fjordic',
  'Granite & Co',
  'Halvard',
  'Ironleaf',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Marlow',
  'Northpeak',
  'Orbis',
]
export const ADJECTIVES = [
  'Classic',
  'Pro',
  'Ultralight',
  'Compact',
  'Deluxe',
  'Everyday',
  'Summit',
  'Trail',
  'Urban',
  'Nimbus',
  'Vista',
  'Core',
  'Prime',
  'Swift',
  'Terra',
]
export const COLORS = ['Black', 'Slate Grey', 'Forest Green', 'Navy', 'Crimson', 'Sand', 'White', 'Ocean Blue']
export const REVIEWERS = [
  'Maria K.',
  'Tom B.',
  'Aisha R.',
  'Jonas L.',
  'Priya S.',
  'Chen W.',
  'Lucas M.',
  'Fatima Z.',
  'Emma D.',
  'Noah P.',
]
export const REVIEW_TEXTS = [
  'Does exactly what it says. Would buy again.',
  'Good value for the price, though delivery took a few days.',
  'Solid build quality. The color is a little darker than in the photos.',
  'Not great. It stopped working properly after a month.',
  'Excellent! My second one, and it is just as good as the first.',
  'Decent, but the instructions were confusing.',
]

export const CUSTOMERS = [
  {
    name: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    address: '14 Orchard Lane',
    city: 'Springfield',
    zip: '62704',
  },
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', address: '221 Baker Street', city: 'Portland', zip: '97205'},
  {
    name: 'Lena Fischer',
    email: 'lena.fischer@example.com',
    address: '9 Harbor View Road',
    city: 'Annapolis',
    zip: '21401',
  },
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', address: '77 Maple Avenue', city: 'Madison', zip: '53703'},
]
