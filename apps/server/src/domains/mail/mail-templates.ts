import { PRODUCT_NAME, SUPPORT_EMAIL } from '@platewise/shared';

import type { MailMessage } from './mailer.js';

/**
 * Our own copy for the account mails: plain text first (what most clients
 * preview) and a simple HTML twin with no remote images or scripts.
 */

type Mail = Omit<MailMessage, 'to'>;

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function minutes(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const value = Math.round(seconds / 60);
  return value === 1 ? '1 minute' : `${value} minutes`;
}

function html(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
    ${body}
    <p style="color: #52606d; font-size: 0.9em">${PRODUCT_NAME}: weekly meal plans that share fresh ingredients. Questions? Write to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p>
  </body>
</html>
`;
}

const signature = `\n\n${PRODUCT_NAME}: weekly meal plans that share fresh ingredients.\nQuestions? Write to ${SUPPORT_EMAIL}.`;

export function otpMail(input: {
  firstName: string;
  code: string;
  ttlSeconds: number;
}): Mail {
  const name = input.firstName;
  const valid = minutes(input.ttlSeconds);
  return {
    subject: `Your ${PRODUCT_NAME} code: ${input.code}`,
    text: `Hi ${name},\n\nyour ${PRODUCT_NAME} verification code is\n\n    ${input.code}\n\nEnter it on the verification page within ${valid}. If it runs out, ask for a new one there.\n\nDidn't sign up? Then someone typed your address by mistake; you can ignore this mail.${signature}`,
    html: html([
      `Hi ${escapeHtml(name)},`,
      `your ${PRODUCT_NAME} verification code is`,
      `<strong style="font-size: 1.6em; letter-spacing: 0.2em">${input.code}</strong>`,
      `Enter it on the verification page within ${valid}. If it runs out, ask for a new one there.`,
      `Didn't sign up? Then someone typed your address by mistake; you can ignore this mail.`,
    ]),
  };
}

export function resetLinkMail(input: {
  firstName: string;
  link: string;
  ttlSeconds: number;
}): Mail {
  const valid = minutes(input.ttlSeconds);
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hi ${input.firstName},\n\nsomeone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open this link within ${valid} to choose a new one:\n\n${input.link}\n\nThe link works once. If you didn't ask, ignore this mail: your password stays as it is.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open this link within ${valid} to choose a new one:`,
      `<a href="${escapeHtml(input.link)}">Choose a new password</a>`,
      `The link works once. If you didn't ask, ignore this mail: your password stays as it is.`,
    ]),
  };
}

export function passwordChangedMail(input: { firstName: string }): Mail {
  return {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `Hi ${input.firstName},\n\nthe password of your ${PRODUCT_NAME} account was just changed from your profile, and your other browser sessions were logged out.\n\nWasn't you? Reset your password with "Forgot password" on the login page and write to ${SUPPORT_EMAIL}.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `the password of your ${PRODUCT_NAME} account was just changed from your profile, and your other browser sessions were logged out.`,
      `Wasn't you? Reset your password with "Forgot password" on the login page and write to ${SUPPORT_EMAIL}.`,
    ]),
  };
}

export function passwordResetMail(input: { firstName: string }): Mail {
  return {
    subject: `Your ${PRODUCT_NAME} password was reset`,
    text: `Hi ${input.firstName},\n\nthe password of your ${PRODUCT_NAME} account was just reset with a link from our mail, and every session was logged out. Log in with the new password.\n\nWasn't you? Write to ${SUPPORT_EMAIL} right away.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `the password of your ${PRODUCT_NAME} account was just reset with a link from our mail, and every session was logged out. Log in with the new password.`,
      `Wasn't you? Write to ${SUPPORT_EMAIL} right away.`,
    ]),
  };
}
