import {
  formatAmount as formatSharedAmount,
  SHOPPING_CATEGORIES,
  unitFor,
  type ShoppingItem,
  type ShoppingSummary,
} from '@platewise/shared';

import { capitalise } from '../../../utils/kitchen-text';

/** Aisles in the order a shop is walked; an aisle not listed goes last. */
const AISLE_ORDER: readonly string[] = SHOPPING_CATEGORIES;

const AISLE_LABELS: Record<string, string> = {
  produce: 'Fruit & vegetables',
  herbs: 'Fresh herbs',
  'nuts-seeds': 'Nuts & seeds',
  oils: 'Oils & vinegars',
};

export function aisleLabel(category: string): string {
  const known = AISLE_LABELS[category];
  if (known) return known;
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}

export interface Aisle {
  category: string;
  label: string;
  items: ShoppingItem[];
}

/** A panel's items grouped by aisle, aisles in shop order, items by name. */
export function groupByAisle(items: readonly ShoppingItem[]): Aisle[] {
  const byCategory = new Map<string, ShoppingItem[]>();
  for (const item of items) {
    const list = byCategory.get(item.category) ?? [];
    list.push(item);
    byCategory.set(item.category, list);
  }
  const rank = (category: string) => {
    const index = AISLE_ORDER.indexOf(category);
    return index === -1 ? AISLE_ORDER.length : index;
  };
  return [...byCategory.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, list]) => ({
      category,
      label: aisleLabel(category),
      items: [...list].sort((a, b) => a.name.localeCompare(b.name)),
    }));
}

/**
 * "300 g", "1½ cups", or "3" for a bare count; "to taste" when the recipes
 * give no amount (quantity null). The shared formatter, so the list, its
 * copy, print and the recipe dialog write amounts alike (issue 21).
 */
export function formatAmount(quantity: number | null, unit: string): string {
  return formatSharedAmount(quantity, unit);
}

/** "Buy 2 bunches", "40 g left over": what a row says beside the amount. */
export function itemNotes(item: ShoppingItem): string[] {
  const notes: string[] = [];
  const have = item.haveQuantity ?? 0;
  // What the kitchen covers (issue 20); nothing to buy when it covers all.
  if (have > 0) notes.push(`You have ${formatAmount(have, item.unit)}`);
  if (item.packages && item.packageCount > 0) {
    notes.push(`Buy ${item.packages}`);
  }
  if (item.leftover && item.leftover.quantity > 0) {
    notes.push(
      `${formatAmount(item.leftover.quantity, item.leftover.unit)} left over`,
    );
  }
  return notes;
}

export function listsOf(summary: ShoppingSummary | undefined): {
  fresh: ShoppingItem[];
  pantry: ShoppingItem[];
  have: ShoppingItem[];
} {
  const first = summary?.data[0];
  return {
    fresh: first?.freshIngredients ?? [],
    pantry: first?.nonPerishableIngredients ?? [],
    // Staples (issue 20): never to buy.
    have: first?.haveIngredients ?? [],
  };
}

function textSection(title: string, items: readonly ShoppingItem[]): string[] {
  if (items.length === 0) return [];
  const lines = [title.toUpperCase()];
  for (const aisle of groupByAisle(items)) {
    lines.push(aisle.label);
    for (const item of aisle.items) {
      const notes = itemNotes(item);
      lines.push(
        `${item.ticked ? '[x]' : '[ ]'} ${capitalise(item.name)}: ${formatAmount(item.quantity, item.unit)}${
          notes.length > 0 ? ` (${notes.join('; ')})` : ''
        }`,
      );
    }
    lines.push('');
  }
  return lines;
}

/** The list as plain text, for the clipboard and for sharing. */
export function shoppingListText(summary: ShoppingSummary | undefined): string {
  const { fresh, pantry } = listsOf(summary);
  return [
    'Shopping list',
    '',
    ...textSection('Fresh Ingredients', fresh),
    ...textSection('Non-Perishables', pantry),
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
}

export const CSV_FIELDS = [
  'name',
  'quantity',
  'unit',
  'packages',
  'category',
  'type',
] as const;

/** The CSV's rows: fresh items first, each panel in shop order. */
export function shoppingListRows(
  summary: ShoppingSummary | undefined,
): string[][] {
  const { fresh, pantry } = listsOf(summary);
  const rows = (items: readonly ShoppingItem[], type: 'fresh' | 'pantry') =>
    groupByAisle(items).flatMap((aisle) =>
      aisle.items.map((item) => [
        capitalise(item.name),
        item.quantity === null ? '' : String(item.quantity),
        item.quantity === null ? 'to taste' : unitFor(item.quantity, item.unit),
        item.packages ?? '',
        aisle.label,
        type,
      ]),
    );
  return [...rows(fresh, 'fresh'), ...rows(pantry, 'pantry')];
}

/**
 * The CSV file's text. papaparse quotes as RFC 4180 says and, with
 * escapeFormulae, defuses cells a spreadsheet would run as a formula (a
 * recipe imported from a hostile page could name an ingredient "=HYPERLINK(…)").
 * The byte-order mark makes spreadsheet programs read it as UTF-8.
 */
export async function shoppingListCsv(
  summary: ShoppingSummary | undefined,
): Promise<string> {
  const { unparse } = await import('papaparse');
  const csv = unparse(
    { fields: [...CSV_FIELDS], data: shoppingListRows(summary) },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}
