import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  sql,
  type SQL,
} from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  recipeImages,
  recipeIngredients,
  recipes,
  users,
  type NewRecipeRow,
  type RecipeImageKind,
  type RecipeRow,
} from '../../db/schema/index.js';

export interface RecipeLineRecord {
  ingredientId: string | null;
  name: string;
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  preparation: string | null;
  text: string;
}

export interface RecipeImageRecord {
  id: string;
  kind: RecipeImageKind;
  url: string | null;
  fileName: string | null;
  contentType: string | null;
}

export interface RecipeCreatorRecord {
  id: string;
  firstName: string;
  lastName: string | null;
}

export interface RecipeRecord extends RecipeRow {
  creator: RecipeCreatorRecord | null;
  lines: RecipeLineRecord[];
  images: RecipeImageRecord[];
}

/** An image to store; an id is kept (uploads) or made (new rows). */
export interface RecipeImageWrite {
  id?: string;
  kind: RecipeImageKind;
  url?: string | null;
  fileName?: string | null;
  contentType?: string | null;
}

/** The columns a write sets; id, slug, created_* are the server's. */
export type RecipeFields = Omit<
  NewRecipeRow,
  'id' | 'slug' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

export interface RecipeListFilter {
  page: number;
  limit: number;
  search?: string;
  tags: string[];
}

/** LIKE treats % and _ as wildcards and \ as the escape: match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterOf(filter: RecipeListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    conditions.push(ilike(recipes.name, `%${escapeLike(filter.search)}%`));
  }
  for (const tag of filter.tags) {
    // Tags keep the case an admin typed; the filter ignores it.
    conditions.push(
      sql`EXISTS (SELECT 1 FROM unnest(${recipes.tags}) AS t(tag) WHERE lower(t.tag) = lower(${tag}))`,
    );
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

export function createRecipesRepository(db: Database) {
  async function withDetails(
    rows: (RecipeRow & { creator: RecipeCreatorRecord | null })[],
  ): Promise<RecipeRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [lines, images] = await Promise.all([
      db
        .select()
        .from(recipeIngredients)
        .where(inArray(recipeIngredients.recipeId, ids))
        .orderBy(
          asc(recipeIngredients.recipeId),
          asc(recipeIngredients.position),
        ),
      db
        .select()
        .from(recipeImages)
        .where(inArray(recipeImages.recipeId, ids))
        .orderBy(asc(recipeImages.recipeId), asc(recipeImages.position)),
    ]);
    const linesOf = new Map<string, RecipeLineRecord[]>();
    for (const { recipeId, position: _p, ...line } of lines) {
      const list = linesOf.get(recipeId) ?? [];
      list.push(line);
      linesOf.set(recipeId, list);
    }
    const imagesOf = new Map<string, RecipeImageRecord[]>();
    for (const image of images) {
      const list = imagesOf.get(image.recipeId) ?? [];
      list.push({
        id: image.id,
        kind: image.kind,
        url: image.url,
        fileName: image.fileName,
        contentType: image.contentType,
      });
      imagesOf.set(image.recipeId, list);
    }
    return rows.map((row) => ({
      ...row,
      lines: linesOf.get(row.id) ?? [],
      images: imagesOf.get(row.id) ?? [],
    }));
  }

  const creatorColumns = {
    creatorId: users.id,
    creatorFirstName: users.firstName,
    creatorLastName: users.lastName,
  };

  function splitCreator<
    T extends {
      creatorId: string | null;
      creatorFirstName: string | null;
      creatorLastName: string | null;
    },
  >({ creatorId, creatorFirstName, creatorLastName, ...row }: T) {
    return {
      ...row,
      creator:
        creatorId === null
          ? null
          : {
              id: creatorId,
              firstName: creatorFirstName ?? '',
              lastName: creatorLastName,
            },
    };
  }

  async function replaceChildren(
    tx: Database,
    recipeId: string,
    lines: RecipeLineRecord[],
    images: RecipeImageWrite[],
  ) {
    await tx
      .delete(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, recipeId));
    await tx.delete(recipeImages).where(eq(recipeImages.recipeId, recipeId));
    if (lines.length > 0) {
      await tx
        .insert(recipeIngredients)
        .values(
          lines.map((line, position) => ({ ...line, recipeId, position })),
        );
    }
    if (images.length > 0) {
      await tx
        .insert(recipeImages)
        .values(
          images.map((image, position) => ({ ...image, recipeId, position })),
        );
    }
  }

  return {
    /** One page, newest first, then by name; `total` counts every match. */
    async list(
      filter: RecipeListFilter,
    ): Promise<{ rows: RecipeRecord[]; total: number }> {
      const where = filterOf(filter);
      const [totalRow] = await db
        .select({ total: count() })
        .from(recipes)
        .where(where);
      // The page's ids first, then their rows: sorting whole rows (the
      // directions are long) to skip an OFFSET of thousands spilled to disk
      // on PostgreSQL, 204 ms a page at 10k recipes against 18 ms for the
      // ids alone (security.md R01, bench/README.md "R-targets").
      const order = [
        desc(recipes.createdAt),
        asc(recipes.name),
        asc(recipes.id),
      ] as const;
      const page = db
        .select({ pageId: recipes.id })
        .from(recipes)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .as('page');
      const rows = await db
        .select({ ...getTableColumns(recipes), ...creatorColumns })
        .from(page)
        .innerJoin(recipes, eq(recipes.id, page.pageId))
        .leftJoin(users, eq(users.id, recipes.createdBy))
        .orderBy(...order);
      return {
        rows: await withDetails(rows.map(splitCreator)),
        total: totalRow?.total ?? 0,
      };
    },

    async findById(id: string): Promise<RecipeRecord | undefined> {
      const rows = await db
        .select({ ...getTableColumns(recipes), ...creatorColumns })
        .from(recipes)
        .leftJoin(users, eq(users.id, recipes.createdBy))
        .where(eq(recipes.id, id));
      const [record] = await withDetails(rows.map(splitCreator));
      return record;
    },

    /** The images a recipe has now (to map own paths on edit). */
    async listImages(recipeId: string): Promise<RecipeImageRecord[]> {
      return db
        .select({
          id: recipeImages.id,
          kind: recipeImages.kind,
          url: recipeImages.url,
          fileName: recipeImages.fileName,
          contentType: recipeImages.contentType,
        })
        .from(recipeImages)
        .where(eq(recipeImages.recipeId, recipeId))
        .orderBy(asc(recipeImages.position));
    },

    /** Inserts a recipe with its lines and images in one transaction. */
    async insert(
      fields: RecipeFields & { createdBy: string | null },
      lines: RecipeLineRecord[],
      images: RecipeImageWrite[],
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(recipes)
          .values(fields)
          .returning({ id: recipes.id });
        if (row === undefined) throw new Error('INSERT returned no row');
        await replaceChildren(tx, row.id, lines, images);
        return row.id;
      });
    },

    /**
     * Replaces a recipe's fields, lines and images in one transaction and
     * answers the file names of uploads it no longer has (to delete after
     * the commit), or undefined when the recipe does not exist (any more).
     * The row lock orders concurrent edits of one recipe, and an upload that
     * a concurrent edit removed meanwhile is dropped rather than re-inserted
     * without its file.
     */
    async update(
      id: string,
      fields: Partial<RecipeFields>,
      lines: RecipeLineRecord[],
      images: RecipeImageWrite[],
    ): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: recipes.id })
          .from(recipes)
          .where(eq(recipes.id, id))
          .for('update');
        if (locked.length === 0) return undefined;
        const before = await tx
          .select({ id: recipeImages.id, fileName: recipeImages.fileName })
          .from(recipeImages)
          .where(eq(recipeImages.recipeId, id));
        const present = new Set(before.map((row) => row.id));
        const writes = images.filter(
          (image) =>
            image.kind !== 'upload' ||
            (image.id !== undefined && present.has(image.id)),
        );
        await tx
          .update(recipes)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(recipes.id, id));
        await replaceChildren(tx, id, lines, writes);
        const keptIds = new Set(writes.flatMap((w) => (w.id ? [w.id] : [])));
        return before.flatMap((row) =>
          row.fileName && !keptIds.has(row.id) ? [row.fileName] : [],
        );
      });
    },

    /**
     * Deletes a recipe; answers its name and uploaded file names, or
     * undefined if none existed.
     */
    async delete(
      id: string,
    ): Promise<{ name: string; files: string[] } | undefined> {
      return db.transaction(async (tx) => {
        const files = await tx
          .select({ fileName: recipeImages.fileName })
          .from(recipeImages)
          .where(eq(recipeImages.recipeId, id));
        const deleted = await tx
          .delete(recipes)
          .where(eq(recipes.id, id))
          .returning({ name: recipes.name });
        const [row] = deleted;
        if (row === undefined) return undefined;
        return {
          name: row.name,
          files: files.flatMap((file) =>
            file.fileName ? [file.fileName] : [],
          ),
        };
      });
    },
  };
}

export type RecipesRepository = ReturnType<typeof createRecipesRepository>;
