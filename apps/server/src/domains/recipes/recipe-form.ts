import multipart from '@fastify/multipart';
import {
  CreateRecipeSchema,
  recipeMessages,
  type CreateRecipe,
} from '@platewise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../errors.js';
import { MAX_IMAGE_BYTES } from '../images/images-processing.js';

/** At most this many image files in one POST /recipes. */
export const MAX_UPLOAD_FILES = 5;

/** Field names the add form uses for files (spec point 7: `images`). */
const IMAGE_FIELDS = new Set(['images', 'images[]']);

/**
 * Multipart for the add-recipe form only, registered in the recipes scope.
 * Busboy enforces the limits while streaming, so an oversized file is cut off
 * at 5 MiB instead of being read whole (security.md S42). Fields: the form
 * has about a dozen, long directions included.
 */
export async function registerRecipeMultipart(
  app: FastifyInstance,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: 50,
      parts: 60,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
      headerPairs: 200,
    },
  });
}

const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: recipeMessages.imageSize,
  FST_FILES_LIMIT: recipeMessages.tooManyImages,
  FST_PARTS_LIMIT: recipeMessages.tooManyParts,
  FST_FIELDS_LIMIT: recipeMessages.tooManyParts,
};

function multipartError(error: unknown): unknown {
  const code =
    error instanceof Error && 'code' in error ? String(error.code) : '';
  const limit = LIMIT_MESSAGES[code];
  if (limit !== undefined) return new PayloadTooLargeError(limit);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new UnsupportedMediaTypeError(recipeMessages.notMultipart);
  }
  return error;
}

/** Text fields as the schema reads them: a repeated name becomes a list. */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: Buffer[] }> {
  const values = new Map<string, string[]>();
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read every file part to its end, so the stream goes on; only the
        // form's image field is kept, and an empty file input adds nothing.
        const data = await part.toBuffer();
        if (IMAGE_FIELDS.has(part.fieldname) && data.length > 0) {
          files.push(data);
        }
        continue;
      }
      // Busboy cuts a field at fieldSize and says so: refuse rather than
      // store half of someone's directions.
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new PayloadTooLargeError(recipeMessages.fieldTooLong);
      }
      if (typeof part.value !== 'string') continue;
      // `imageUrls[]` (spec point 7) and `imageUrls` are one field.
      const name = part.fieldname.replace(/\[\]$/, '');
      values.set(name, [...(values.get(name) ?? []), part.value]);
    }
  } catch (error) {
    throw multipartError(error);
  }
  const fields = Object.fromEntries(
    [...values].map(([name, list]) => [
      name,
      list.length === 1 ? list[0] : list,
    ]),
  );
  return { fields, files };
}

/**
 * The add-recipe request, multipart (the spec's form) or JSON (API clients;
 * no files then), validated with the shared schema. Unknown fields such as
 * id, created_by or user_id are dropped (security.md S36).
 */
export async function readRecipeForm(
  request: FastifyRequest,
): Promise<{ input: CreateRecipe; files: Buffer[] }> {
  const { fields, files } = request.isMultipart()
    ? await readMultipart(request)
    : { fields: request.body ?? {}, files: [] };
  const parsed = CreateRecipeSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new BadRequestError(issues[0]?.message ?? 'Invalid input', issues);
  }
  return { input: parsed.data, files };
}
