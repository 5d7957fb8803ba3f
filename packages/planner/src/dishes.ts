/**
 * What a dish is, read from its name: its kind (curry, salad, pasta, …) and
 * its head noun ("salmon" in "Miso Salmon with Bok Choy", "salad" in "Greek
 * Salad"). Two dishes of one week are near-duplicates when they share the
 * head noun, or the main protein and the kind: a cook does not want two
 * salmon dishes or two chicken curries in one week.
 */
import { foldText, wordKey } from './text.js';

/** Dish kinds and the name words that say them (word keys are compared). */
const KIND_WORDS: Readonly<Record<string, readonly string[]>> = {
  curry: [
    'curry',
    'masala',
    'korma',
    'vindaloo',
    'tikka',
    'dal',
    'dhal',
    'daal',
    'rendang',
    'madras',
    'jalfrezi',
  ],
  salad: ['salad', 'slaw', 'tabbouleh', 'fattoush'],
  soup: [
    'soup',
    'broth',
    'chowder',
    'bisque',
    'pho',
    'ramen',
    'minestrone',
    'gazpacho',
  ],
  stew: [
    'stew',
    'casserole',
    'tagine',
    'chili',
    'chilli',
    'braise',
    'goulash',
    'ragout',
    'hotpot',
  ],
  pasta: [
    'pasta',
    'spaghetti',
    'linguine',
    'penne',
    'fusilli',
    'rigatoni',
    'tagliatelle',
    'fettuccine',
    'lasagna',
    'lasagne',
    'macaroni',
    'orzo',
    'gnocchi',
    'ravioli',
    'tortellini',
    'carbonara',
    'bolognese',
    'farfalle',
    'pappardelle',
  ],
  noodles: [
    'noodle',
    'udon',
    'soba',
    'lo mein',
    'chow mein',
    'pad thai',
    'japchae',
  ],
  rice: [
    'rice',
    'risotto',
    'paella',
    'pilaf',
    'pilau',
    'biryani',
    'jambalaya',
    'donburi',
    'bibimbap',
    'congee',
    'kedgeree',
  ],
  tortilla: [
    'taco',
    'burrito',
    'quesadilla',
    'enchilada',
    'fajita',
    'tostada',
    'wrap',
    'chimichanga',
  ],
  bowl: ['bowl', 'poke'],
  stirfry: ['stir fry', 'stirfry', 'stir fried'],
  sandwich: [
    'sandwich',
    'toastie',
    'panini',
    'burger',
    'sub',
    'bagel',
    'pitta',
    'pita',
    'flatbread',
    'bun',
    'roll',
  ],
  egg: [
    'omelette',
    'omelet',
    'frittata',
    'scramble',
    'scrambled',
    'shakshuka',
    'benedict',
    'egg',
    // Scrambles by their own names: anda or tofu bhurji, Turkish menemen.
    'bhurji',
    'menemen',
  ],
  porridge: ['porridge', 'oatmeal', 'oat', 'muesli', 'granola', 'bircher'],
  pancake: ['pancake', 'waffle', 'crepe', 'french toast', 'hotcake', 'chilla'],
  toast: ['toast'],
  pie: ['pie', 'quiche', 'tart', 'pastie', 'pasty', 'galette', 'strudel'],
  bake: ['bake', 'traybake', 'sheet pan', 'gratin', 'roast', 'roasted'],
  grill: ['skewer', 'kebab', 'kabob', 'grilled', 'satay', 'souvlaki'],
  yogurt: ['yogurt', 'yoghurt', 'parfait', 'smoothie'],
  pizza: ['pizza', 'calzone'],
};

const none = new Map<string, string>();
const keysOf = (text: string): string[] =>
  foldText(text)
    .split(' ')
    .filter((word) => word !== '')
    .map((word) => wordKey(word, none));

/** Kind id → phrases of word keys, longest first so "french toast" beats "toast". */
const KIND_PHRASES: readonly (readonly [string, readonly string[]])[] =
  Object.entries(KIND_WORDS)
    .flatMap(([kind, words]) =>
      words.map((word) => [kind, keysOf(word)] as const),
    )
    .sort((a, b) => b[1].length - a[1].length);

/**
 * The dish kind of a name, or null when its words say none. The kind word
 * ending last wins, as the head of an English dish name comes last:
 * "Masala Omelette" is an omelette, "Chicken Tikka Masala" a curry; among
 * phrases ending on the same word the longest wins ("french toast").
 */
export function dishKind(name: string): string | null {
  const keys = keysOf(name);
  let best: string | null = null;
  let bestEnd = -1;
  for (const [kind, phrase] of KIND_PHRASES) {
    outer: for (let i = 0; i + phrase.length <= keys.length; i += 1) {
      for (let j = 0; j < phrase.length; j += 1) {
        if (keys[i + j] !== phrase[j]) continue outer;
      }
      const end = i + phrase.length;
      if (end > bestEnd) {
        bestEnd = end;
        best = kind;
      }
    }
  }
  return best;
}

/** Words after which a name goes on to sides and garnishes. */
const BREAKS = new Set([
  'with',
  'on',
  'in',
  'over',
  'served',
  'plus',
  'topped',
  'alongside',
  'a',
  'alla',
  'al',
]);

/**
 * Head nouns in other languages that name the same dish: Pane e Pomodoro
 * and Pan con Tomate are both bread rubbed with tomato.
 */
const HEAD_SYNONYMS: ReadonlyMap<string, string> = new Map(
  [
    ['pomodoro', 'tomato'],
    ['tomate', 'tomato'],
    ['pomodori', 'tomato'],
  ].map(([word, head]) => [
    wordKey(word ?? '', none),
    wordKey(head ?? '', none),
  ]),
);

/**
 * The head noun of a dish name as a word key: the last word before the
 * first "with", "on", "in", "over" or a bracket ("salmon" in "Miso Salmon
 * with Bok Choy", "salad" in "Greek Salad", "congee" in "Chicken and Ginger
 * Congee"); null for an empty name.
 */
export function headNoun(name: string): string | null {
  const head = name.split(/[(:;/]/)[0] ?? name;
  const words = foldText(head)
    .split(' ')
    .filter((word) => word !== '');
  const stop = words.findIndex((word, i) => i > 0 && BREAKS.has(word));
  const kept = stop > 0 ? words.slice(0, stop) : words;
  const last = kept[kept.length - 1];
  if (last === undefined) return null;
  const key = wordKey(last, none);
  return HEAD_SYNONYMS.get(key) ?? key;
}
