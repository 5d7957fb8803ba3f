import { STATUS_CODES } from 'node:http';

import {
  CONTROL_CHARACTERS_MESSAGE,
  messages,
  type ApiError,
  type ApiIssue,
  type ErrorCode,
} from '@platewise/shared';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import {
  databaseErrorCode,
  UNSTORABLE_TEXT_CODES,
} from '../../database-errors.js';
import {
  AppError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../errors.js';

/**
 * One error handler for the whole API (architecture point 5, security.md S40):
 * every error answers `{ error, code, issues? }`, and a 5xx never says more
 * than "Internal Server Error" (the details go to the log with the request id).
 */

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Fixed texts for errors raised by Fastify and its plugins. */
const MESSAGE_BY_STATUS: Partial<Record<number, string>> = {
  404: messages.generic.notFound,
  413: 'Request body is too large',
  415: 'Unsupported media type',
  429: 'Too many requests, please try again later',
  503: 'Service unavailable, please try again later',
};

interface MappedError {
  statusCode: number;
  body: ApiError;
}

interface ValidationLike {
  instancePath?: string;
  message?: string;
}

function toIssues(validation: readonly ValidationLike[]): ApiIssue[] {
  return validation.map((item) => ({
    // "/weekly_schedule/0/day_name" -> "weekly_schedule.0.day_name", the
    // field path forms map their errors onto.
    path: (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: item.message ?? 'Invalid input',
  }));
}

function hasValidation(
  error: unknown,
): error is { validation: ValidationLike[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'validation' in error &&
    Array.isArray(error.validation)
  );
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status <= 599
    ? status
    : undefined;
}

function badRequestMessage(error: unknown): string {
  // Fastify's own 400s (malformed or poisoned JSON, empty body, bad
  // Content-Length…) carry fixed texts that help the caller and reveal nothing.
  if (
    error instanceof Error &&
    'code' in error &&
    String(error.code).startsWith('FST_')
  ) {
    return error.message;
  }
  return 'Invalid input';
}

function isUnstorableText(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && UNSTORABLE_TEXT_CODES.has(code);
}

export function toApiError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: {
        error: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      },
    };
  }

  if (hasZodFastifySchemaValidationErrors(error) || hasValidation(error)) {
    const issues = toIssues(error.validation);
    return {
      statusCode: 400,
      body: {
        error: issues[0]?.message ?? 'Invalid input',
        code: 'VALIDATION_FAILED',
        issues,
      },
    };
  }

  // The last guard behind the schemas' text rule (issue 9 point 4): text the
  // database cannot store (NUL) is the caller's mistake, not ours.
  if (isUnstorableText(error)) {
    return {
      statusCode: 400,
      body: { error: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION_FAILED' },
    };
  }

  const status = statusOf(error);
  if (status !== undefined && (status < 500 || status === 503)) {
    const code = CODE_BY_STATUS[status];
    return {
      statusCode: status,
      body: {
        error:
          status === 400
            ? badRequestMessage(error)
            : (MESSAGE_BY_STATUS[status] ?? STATUS_CODES[status] ?? 'Error'),
        ...(code ? { code } : {}),
      },
    };
  }

  return {
    statusCode: 500,
    body: { error: messages.generic.serverError, code: 'INTERNAL' },
  };
}

/** Retry-After of a 503 whose cause does not say how long it lasts. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toApiError(error);
    if (statusCode === 503) {
      // Overload or an outage, not a bug: a warning with what happened and
      // no stack, so a saturated planner does not flood the log with traces.
      request.log.warn(
        {
          statusCode,
          code: body.code,
          reason: error instanceof Error ? error.message : String(error),
        },
        'request refused: service unavailable',
      );
    } else if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (isUnstorableText(error)) {
      // A schema let a control character through: say where (the stack),
      // never what (the logger keeps only the code of database errors).
      request.log.warn(
        { err: error, statusCode },
        'request refused: text the database cannot store passed the schemas',
      );
    } else {
      request.log.info(
        { statusCode, code: body.code },
        `request refused: ${body.error}`,
      );
    }
    // Our own throttles (lockout, OTP cooldown, the planner's queue) say
    // when to come back, as @fastify/rate-limit does for the per-IP limits.
    if (
      (error instanceof TooManyRequestsError ||
        error instanceof ServiceUnavailableError) &&
      error.retryAfterSeconds !== undefined
    ) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (statusCode === 503) {
      // Every 503 says when to come back (security.md R04), also when the
      // cause (a mail server or database outage) gives no better figure.
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
    return reply
      .code(statusCode)
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
