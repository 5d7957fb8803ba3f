import { messages, type ApiIssue, type ErrorCode } from '@platewise/shared';

/**
 * Errors that services throw on purpose. The error handler turns each into
 * `{ error: message, code, issues? }` with its status (architecture point 5).
 * Their messages are shown to users, so they must never carry internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Invalid input', issues?: ApiIssue[]) {
    super(400, 'VALIDATION_FAILED', message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.generic.notFound) {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict') {
    super(409, 'CONFLICT', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported media type') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests, please try again later',
    /** Sent as the Retry-After header when set. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'Service unavailable, please try again later',
    /** Sent as the Retry-After header when set. */
    readonly retryAfterSeconds?: number,
  ) {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}
