/**
 * Colours and shapes of the artwork: a theme per cuisine (table colour and
 * cloth pattern) and a visual per ingredient (what it looks like on the
 * plate), chosen from the ingredient id, else from its shopping category.
 */
import type { Ingredient } from '../types.js';

export type ClothPattern =
  'checks' | 'stripes' | 'serape' | 'dots' | 'waves' | 'lattice';

export interface CuisineTheme {
  readonly background: string;
  readonly pattern: ClothPattern;
  readonly patternColors: readonly string[];
  readonly napkin: string;
}

const THEMES: Readonly<Record<string, CuisineTheme>> = {
  mexican: {
    background: '#e07a3f',
    pattern: 'serape',
    patternColors: ['#f2c14e', '#2a9d8f', '#b83227'],
    napkin: '#2a9d8f',
  },
  italian: {
    background: '#f6efe3',
    pattern: 'checks',
    patternColors: ['#c8423b'],
    napkin: '#c8423b',
  },
  indian: {
    background: '#eea63a',
    pattern: 'dots',
    patternColors: ['#a8432a'],
    napkin: '#7b2d5b',
  },
  chinese: {
    background: '#b3302a',
    pattern: 'lattice',
    patternColors: ['#e8b04a'],
    napkin: '#e8b04a',
  },
  french: {
    background: '#dde6ef',
    pattern: 'stripes',
    patternColors: ['#2c3e66'],
    napkin: '#f4f1ea',
  },
  japanese: {
    background: '#24395c',
    pattern: 'waves',
    patternColors: ['#e9e4d6'],
    napkin: '#b9463b',
  },
  asian: {
    background: '#2f7d6d',
    pattern: 'dots',
    patternColors: ['#f3d36b'],
    napkin: '#f3d36b',
  },
  american: {
    background: '#e8dcc6',
    pattern: 'checks',
    patternColors: ['#3b6ea5'],
    napkin: '#3b6ea5',
  },
  mediterranean: {
    background: '#3f88a8',
    pattern: 'stripes',
    patternColors: ['#f4f1ea'],
    napkin: '#f4f1ea',
  },
  'middle eastern': {
    background: '#c0683f',
    pattern: 'lattice',
    patternColors: ['#f1d9a7'],
    napkin: '#2f6f73',
  },
};

const ALIASES: Readonly<Record<string, string>> = {
  'tex-mex': 'mexican',
  thai: 'asian',
  vietnamese: 'asian',
  korean: 'asian',
  indonesian: 'asian',
  malaysian: 'asian',
  filipino: 'asian',
  'pan-asian': 'asian',
  british: 'american',
  english: 'american',
  southern: 'american',
  greek: 'mediterranean',
  spanish: 'mediterranean',
  lebanese: 'middle eastern',
  turkish: 'middle eastern',
  moroccan: 'middle eastern',
  persian: 'middle eastern',
  'middle-eastern': 'middle eastern',
};

/** The theme of a cuisine; an unknown cuisine gets a soft colour of its own. */
export function cuisineTheme(cuisine: string, hue: number): CuisineTheme {
  const key = cuisine.trim().toLowerCase();
  const theme = THEMES[ALIASES[key] ?? key];
  if (theme !== undefined) return theme;
  const h = Math.round(hue % 360);
  return {
    background: `hsl(${h} 42% 74%)`,
    pattern: 'dots',
    patternColors: [`hsl(${h} 40% 45%)`],
    napkin: `hsl(${(h + 180) % 360} 35% 55%)`,
  };
}

export type FoodKind =
  // Bases, drawn first over the middle of the plate.
  | 'rice'
  | 'noodles'
  | 'pasta'
  | 'porridge'
  // Sauces and broths, under everything.
  | 'sauce'
  // Toppings, in clusters.
  | 'bread'
  | 'tortilla'
  | 'leaves'
  | 'round'
  | 'discs'
  | 'rings'
  | 'strips'
  | 'wedges'
  | 'florets'
  | 'mushrooms'
  | 'beans'
  | 'chunks'
  | 'slab'
  | 'crumble'
  | 'fillet'
  | 'shrimp'
  | 'shells'
  | 'egg'
  | 'cheese'
  | 'dollop'
  // Garnishes, scattered over the top.
  | 'herbs'
  | 'sprinkle';

export type FoodRole = 'base' | 'sauce' | 'topping' | 'garnish';

export interface FoodVisual {
  readonly kind: FoodKind;
  readonly color: string;
  readonly accent: string;
}

export function roleOf(kind: FoodKind): FoodRole {
  switch (kind) {
    case 'rice':
    case 'noodles':
    case 'pasta':
    case 'porridge':
      return 'base';
    case 'sauce':
      return 'sauce';
    case 'herbs':
    case 'sprinkle':
      return 'garnish';
    default:
      return 'topping';
  }
}

/** A null kind: the ingredient does not show (milk, butter, garlic). */
type Rule = readonly [RegExp, FoodKind | null, string, string];

/** First match wins; matched against the ingredient id. */
const RULES: readonly Rule[] = [
  [
    /^(milk|buttermilk|butter|vegan-butter|soy-milk|oat-milk|almond-milk|coconut-water|garlic|ginger|galangal|water|ice)$/,
    null,
    '',
    '',
  ],
  // Grains, pasta, noodles
  [/^(brown-rice)$/, 'rice', '#dcc49c', '#b99a6a'],
  [
    /rice$|^quinoa$|^couscous$|^bulgur$|^orzo$|^farro$|^pearl-barley$|^cauliflower-rice$/,
    'rice',
    '#f8f5ec',
    '#e2dac6',
  ],
  [
    /^(spaghetti|linguine|fettuccine|tagliatelle|fresh-egg-pasta|egg-noodles|ramen-noodles|udon-noodles)$/,
    'noodles',
    '#f1d48a',
    '#d9b45a',
  ],
  [/^(rice-noodles|glass-noodles)$/, 'noodles', '#f6f1e4', '#ddd3bd'],
  [/^soba-noodles$/, 'noodles', '#a88a6a', '#7d6248'],
  [
    /^(penne|fusilli|rigatoni|farfalle|macaroni|pasta-shells|dried-pasta|whole-wheat-pasta|gluten-free-pasta|lasagna-sheets|cheese-tortellini|potato-gnocchi)$/,
    'pasta',
    '#f0cd7a',
    '#c99b3f',
  ],
  [/oats$|^granola$|^cornmeal$|^semolina$/, 'porridge', '#e8d5ae', '#c8a86e'],
  // Sauces, broths and tints
  [
    /^(canned-tomatoes|passata|tomato-sauce|tomato-paste|marinara-sauce|salsa|harissa|sambal-oelek|sriracha|chipotle-in-adobo)$/,
    'sauce',
    '#c2412d',
    '#9e2f1f',
  ],
  [
    /^(enchilada-sauce|gochujang|doubanjiang|chili-crisp|bbq-sauce|ketchup)$/,
    'sauce',
    '#a8341f',
    '#7d2414',
  ],
  [/^thai-red-curry-paste$/, 'sauce', '#d9622b', '#b04a1c'],
  [/^thai-green-curry-paste$/, 'sauce', '#9cb54f', '#6f8a2f'],
  [/^basil-pesto$/, 'sauce', '#5f8f2f', '#3f6a1c'],
  [
    /^(coconut-milk|coconut-cream|heavy-cream|light-cream|half-and-half|evaporated-milk|sweetened-condensed-milk)$/,
    'sauce',
    '#f4ecd8',
    '#e3d6b8',
  ],
  [
    /^(soy-sauce|dark-soy-sauce|tamari|teriyaki-sauce|hoisin-sauce|oyster-sauce|worcestershire-sauce)$/,
    'sauce',
    '#6b3a22',
    '#4a2414',
  ],
  [/stock$|^dashi$|stock-cube$/, 'sauce', '#e2b865', '#c49a48'],
  [
    /^(ground-turmeric|curry-powder|garam-masala)$/,
    'sauce',
    '#dc9a2c',
    '#b67a1c',
  ],
  [
    /^(paprika|smoked-paprika|chili-powder|kashmiri-chili-powder|gochugaru)$/,
    'sauce',
    '#c4512c',
    '#9a3a1c',
  ],
  [
    /^(peanut-butter|tahini|almond-butter|white-miso)$/,
    'sauce',
    '#c99a5c',
    '#a27440',
  ],
  // Dollops
  [
    /yogurt$|^(sour-cream|creme-fraiche|mayonnaise|vegan-mayonnaise|ricotta|cream-cheese|mascarpone|hummus|cottage-cheese)$/,
    'dollop',
    '#fbf8f0',
    '#e8e0cc',
  ],
  // Eggs
  [/^egg(-white|-yolk)?$/, 'egg', '#fffdf5', '#f5b81c'],
  // Meat
  [
    /^(chicken-breast|chicken-thigh|bone-in-chicken-thigh|chicken-drumstick|chicken-wing|whole-chicken|cooked-chicken|turkey-breast|sliced-turkey|pork-tenderloin|pork-chop)$/,
    'slab',
    '#e6b98a',
    '#a5683a',
  ],
  [
    /^(sirloin-steak|ribeye-steak|beef-tenderloin|flank-steak|beef-chuck|beef-brisket|beef-short-rib|lamb-shoulder|leg-of-lamb|lamb-chop|duck-breast|pork-shoulder|pork-belly)$/,
    'slab',
    '#8f4a33',
    '#5e2b1c',
  ],
  [
    /^ground-(beef|pork|lamb|chicken|turkey)$|^mexican-chorizo$|^chicken-liver$|^young-jackfruit$/,
    'crumble',
    '#8a5338',
    '#5e3523',
  ],
  [
    /^(bacon|pancetta|prosciutto|ham|salami|pepperoni|chorizo)$/,
    'strips',
    '#cf6a5f',
    '#f3c9b8',
  ],
  [/sausage$/, 'chunks', '#a65a3c', '#6e3621'],
  // Fish
  [/salmon|^trout-fillet$/, 'fillet', '#f28c5e', '#fbd0b5'],
  [
    /^(cod-fillet|tilapia-fillet|sea-bass-fillet|frozen-white-fish|smoked-mackerel)$/,
    'fillet',
    '#f5efe4',
    '#e0d3bd',
  ],
  [
    /^(tuna-steak|canned-tuna|sardines|anchovy-fillet)$/,
    'fillet',
    '#b65a5e',
    '#e5b3a8',
  ],
  [
    /shrimp|^lobster-tail$|^crab-meat$|^imitation-crab$/,
    'shrimp',
    '#f4875a',
    '#fde0cf',
  ],
  [/^(mussel|clam)$/, 'shells', '#2e2c40', '#f0a35c'],
  [/^(scallop)$/, 'round', '#f4e6c8', '#dcb985'],
  [/^squid$/, 'rings', '#f3ebdc', '#d8c7ad'],
  // Plant proteins
  [/tofu$|^paneer$|^halloumi$/, 'chunks', '#f4ead0', '#d9c08c'],
  [/^(tempeh|seitan)$/, 'chunks', '#c9a36b', '#93703e'],
  [
    /^(black-beans|dried-black-beans|black-lentils)$/,
    'beans',
    '#33292c',
    '#5a4a4e',
  ],
  [/^(kidney-beans|dried-kidney-beans)$/, 'beans', '#8b2c2c', '#b24a45'],
  [/^(chickpeas|dried-chickpeas|chana-dal)$/, 'beans', '#e2c07a', '#c49d52'],
  [
    /^(cannellini-beans|butter-beans|lupini-beans)$/,
    'beans',
    '#f1e9d4',
    '#d6c8a6',
  ],
  [/^(pinto-beans|refried-beans|baked-beans)$/, 'beans', '#b97d56', '#8b5636'],
  [/^red-lentils$/, 'beans', '#e58a3f', '#c46a25'],
  [/lentils$|split-peas$/, 'beans', '#8a8a46', '#676a2c'],
  [
    /^(edamame|frozen-peas|snow-pea|green-bean)$/,
    'beans',
    '#6fb43f',
    '#4c8a26',
  ],
  [/^(corn-on-the-cob|frozen-corn|sweetcorn)$/, 'beans', '#f6cf3a', '#d9a91a'],
  // Vegetables
  [/tomato$|^cherry$|^strawberry$|^raspberry$/, 'round', '#da3b2b', '#f7b0a6'],
  [
    /^(red-bell-pepper|red-chili|birds-eye-chili|scotch-bonnet|roasted-red-peppers)$/,
    'strips',
    '#d63b2f',
    '#9c2519',
  ],
  [
    /^(green-bell-pepper|jalapeno|serrano-pepper|poblano-pepper|green-chili|pickled-jalapenos|diced-green-chiles)$/,
    'strips',
    '#4d9a3a',
    '#2e6b22',
  ],
  [/^yellow-bell-pepper$/, 'strips', '#f3c432', '#cf9c14'],
  [/^(carrot)$/, 'discs', '#f08a2c', '#d66a12'],
  [/^(cucumber|zucchini|dill-pickle)$/, 'discs', '#d6e8a8', '#3f7d2c'],
  [/^kiwi$/, 'discs', '#8fc23e', '#6b4a2a'],
  [/^(radish|daikon|water-chestnuts)$/, 'discs', '#fbf0f3', '#d2345a'],
  [/^(eggplant)$/, 'discs', '#efe0bb', '#4b2b50'],
  [/^(banana|plantain)$/, 'discs', '#f8e8a6', '#d9c06a'],
  [/^(onion|shallot|scallion|leek)$/, 'rings', '#efe4c4', '#cdbb8e'],
  [/^red-onion$/, 'rings', '#a04a78', '#e6c5d6'],
  [/^(avocado)$/, 'wedges', '#a9c95a', '#3e5f22'],
  [
    /^(lemon|lime|orange|apple|pear|peach|lemon-juice|lime-juice)$/,
    'wedges',
    '#f4d94a',
    '#e0b31d',
  ],
  [
    /^(broccoli|broccolini|gai-lan|brussels-sprout)$/,
    'florets',
    '#3f8f3a',
    '#2a6a26',
  ],
  [/^cauliflower$/, 'florets', '#f1ead4', '#d4c79f'],
  [/mushroom$/, 'mushrooms', '#b88f68', '#7d5a3c'],
  [/^(sweet-potato|pumpkin-puree)$/, 'chunks', '#e8823a', '#c2611e'],
  [
    /potato$|^hash-browns$|^(butternut-squash|parsnip|turnip|rutabaga|celeriac)$/,
    'chunks',
    '#ebc66e',
    '#c79c3c',
  ],
  [/^(beet)$/, 'chunks', '#8c1f45', '#5e1230'],
  [
    /^(mango|frozen-mango|pineapple|canned-pineapple)$/,
    'chunks',
    '#f7b52a',
    '#dd921a',
  ],
  [
    /^(blueberry|blackberry|grape|frozen-mixed-berries)$/,
    'round',
    '#3f4a99',
    '#8e97d4',
  ],
  [
    /^(kale|spinach|swiss-chard|arugula|watercress|mixed-salad-greens|frozen-spinach|romaine-lettuce|bok-choy|napa-cabbage|cabbage|iceberg-lettuce)$/,
    'leaves',
    '#4e9a3c',
    '#2f6f25',
  ],
  [/^red-cabbage$/, 'leaves', '#7b3f86', '#5a2a66'],
  [
    /^(celery|asparagus|fennel|okra|bean-sprout)$/,
    'strips',
    '#a6cf6a',
    '#6f9a3a',
  ],
  // Cheese
  [
    /^(cheddar|monterey-jack|shredded-mozzarella|gruyere|swiss-cheese|manchego)$/,
    'cheese',
    '#f2b83d',
    '#d1911c',
  ],
  [/^(parmesan|pecorino)$/, 'cheese', '#f1dc9a', '#d4b866'],
  [
    /^(mozzarella|feta|goat-cheese|queso-fresco|cotija|blue-cheese|brie)$/,
    'cheese',
    '#faf6ea',
    '#e3dbc5',
  ],
  // Bakery
  [/tortilla$|^naan$|^pita$|^taco-shell$/, 'tortilla', '#f0d59b', '#c99a4c'],
  [
    /bread$|^(baguette|ciabatta|bread-roll|hamburger-bun|hot-dog-bun|brioche|croissant|bagel|english-muffin)$/,
    'bread',
    '#f1d5a0',
    '#b8742c',
  ],
  // Garnishes
  [
    /^(sesame-seeds|pine-nuts|sunflower-seeds|hemp-seeds|poppy-seeds|chia-seeds|flaxseed)$/,
    'sprinkle',
    '#efe4c8',
    '#c9b690',
  ],
  [
    /^(peanuts|cashews|almonds|sliced-almonds|walnuts|pecans|hazelnuts|pistachios|mixed-nuts|pumpkin-seeds|macadamia-nuts|brazil-nuts)$/,
    'sprinkle',
    '#c9955a',
    '#9c6b35',
  ],
  [
    /^(pomegranate|dried-cranberries|raisins|dried-apricots|dates)$/,
    'sprinkle',
    '#b8243c',
    '#7d1428',
  ],
  [/^(nori|wakame|kombu)$/, 'strips', '#1f3a2a', '#3c5e44'],
  [/^(sun-dried-tomatoes)$/, 'strips', '#a8321f', '#7a2114'],
  [/^(bamboo-shoots)$/, 'strips', '#efe0a8', '#cdb874'],
  [/^black-olives$/, 'round', '#3b3240', '#6d6178'],
  [/^green-olives$/, 'round', '#8a9a3a', '#c4cf7a'],
  [/^capers$/, 'sprinkle', '#6f7d36', '#4c5a20'],
  [/^artichoke-hearts$/, 'wedges', '#c8c98a', '#8e9350'],
  [/^applesauce$/, 'dollop', '#efd9a0', '#d2b46c'],
];

const CATEGORY_FALLBACK: Partial<
  Record<Ingredient['category'], readonly [FoodKind, string, string]>
> = {
  produce: ['chunks', '#8cc05a', '#5e8f33'],
  herbs: ['herbs', '#3f8f3a', '#2a6a26'],
  dairy: ['cheese', '#f7efd6', '#dfd1a8'],
  meat: ['slab', '#9b5a3c', '#6b3822'],
  fish: ['fillet', '#f2a07b', '#fbd3bd'],
  bakery: ['bread', '#f1d5a0', '#b8742c'],
  grains: ['rice', '#f3ead3', '#d9cba8'],
  legumes: ['beans', '#b58b5a', '#8a6436'],
  canned: ['beans', '#d88a4a', '#a8632a'],
  'nuts-seeds': ['sprinkle', '#c9955a', '#9c6b35'],
  frozen: ['beans', '#7cb342', '#558b2f'],
};

/** How an ingredient looks on the plate, or undefined if it does not show. */
export function foodVisual(ingredient: Ingredient): FoodVisual | undefined {
  for (const [pattern, kind, color, accent] of RULES) {
    if (pattern.test(ingredient.id)) {
      return kind === null ? undefined : { kind, color, accent };
    }
  }
  const fallback = CATEGORY_FALLBACK[ingredient.category];
  if (fallback === undefined) return undefined;
  const [kind, color, accent] = fallback;
  return { kind, color, accent };
}
