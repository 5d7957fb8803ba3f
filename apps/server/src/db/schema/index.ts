// Every table, for drizzle-kit and for the typed `db.query` API. Add each new
// schema file here.
export * from './app-meta.js';
export * from './users.js';
export * from './sessions.js';
export * from './verifications.js';
export * from './throttles.js';
export * from './audit.js';
export * from './catalogue.js';
export * from './recipes.js';
export * from './google-sign-in.js';
export * from './preferences.js';
export * from './meal-plans.js';
export * from './admin-settings.js';
export * from './kitchen.js';
export * from './calendar.js';
export * from './households.js';
export * from './idempotency.js';
