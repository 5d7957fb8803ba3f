import { ApiErrorSchema, RecipeImageParamsSchema } from '@platewise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ImagesService } from './images-service.js';

/**
 * security.md S43: an SVG must not run script even when opened on its own
 * (inline styles only); an upload gets no rights at all.
 */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
export const UPLOAD_CSP = "default-src 'none'; sandbox";
/** The art of an image id is fixed (a recipe edit gives new ids); a week, then revalidate. */
const GENERATED_CACHE = 'public, max-age=604800';
/** A stored UUID name never changes its bytes. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function sendOrNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  body: string | Buffer,
) {
  reply.header('etag', etag);
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return reply.send(body);
}

/**
 * Recipe pictures. Public on purpose: <img> requests carry no bearer token,
 * the pictures are catalogue art and admin uploads (no personal data, EXIF
 * stripped), and their paths hold two random UUIDs that only a logged-in
 * reader of the recipe learns.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{
  service: ImagesService;
}> = async (app, { service }) => {
  app.get(
    '/recipes/:id/images/:imageId',
    {
      schema: {
        tags: ['recipes'],
        summary:
          "A recipe's picture: the generated SVG art or an uploaded JPEG, PNG or GIF (public, cacheable)",
        params: RecipeImageParamsSchema,
        response: { 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const image = await service.recipeImage(
        request.params.id,
        request.params.imageId,
      );
      reply.header('x-content-type-options', 'nosniff');
      if (image.kind === 'generated') {
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('content-security-policy', SVG_CSP)
          .header('cache-control', GENERATED_CACHE);
        return sendOrNotModified(request, reply, image.etag, image.body);
      }
      reply
        .type(image.contentType)
        .header('content-security-policy', UPLOAD_CSP)
        .header('content-disposition', `inline; filename=${image.fileName}`)
        .header('cache-control', UPLOAD_CACHE);
      return sendOrNotModified(request, reply, image.etag, image.body);
    },
  );
};
