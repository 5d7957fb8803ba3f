import { PRODUCT_NAME } from '@platewise/shared';

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
    <p style="color: #52606d; font-size: 0.9em">${PRODUCT_NAME}: weekly meal plans that share fresh ingredients.</p>
  </body>
</html>
`;
}

const signature = `\n\n${PRODUCT_NAME}: weekly meal plans that share fresh ingredients.`;

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

/**
 * After a verification from a browser other than the one that signed up:
 * the address is proved, the sign-up's password was dropped (ADR 008).
 */
export function setPasswordMail(input: {
  firstName: string;
  link: string;
  ttlSeconds: number;
}): Mail {
  const valid = minutes(input.ttlSeconds);
  const why = `your e-mail address is verified. The code was entered in another browser than the one used to sign up, so to keep your account safe the password chosen at sign-up was not kept.`;
  return {
    subject: `Set your ${PRODUCT_NAME} password`,
    text: `Hi ${input.firstName},\n\n${why} Open this link within ${valid} to choose your password:\n\n${input.link}\n\nThe link works once. If it runs out, use "Forgot password" on the login page.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      why,
      `Open this link within ${valid} to choose your password:`,
      `<a href="${escapeHtml(input.link)}">Choose your password</a>`,
      `The link works once. If it runs out, use "Forgot password" on the login page.`,
    ]),
  };
}

export function passwordChangedMail(input: { firstName: string }): Mail {
  return {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `Hi ${input.firstName},\n\nthe password of your ${PRODUCT_NAME} account was just changed from your profile, and your other browser sessions were logged out.\n\nWasn't you? Reset your password with "Forgot password" on the login page right away.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `the password of your ${PRODUCT_NAME} account was just changed from your profile, and your other browser sessions were logged out.`,
      `Wasn't you? Reset your password with "Forgot password" on the login page right away.`,
    ]),
  };
}

export function passwordResetMail(input: { firstName: string }): Mail {
  return {
    subject: `Your ${PRODUCT_NAME} password was reset`,
    text: `Hi ${input.firstName},\n\nthe password of your ${PRODUCT_NAME} account was just reset with a link from our mail, and every session was logged out. Log in with the new password.\n\nWasn't you? Choose a new password with "Forgot password" on the login page right away.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `the password of your ${PRODUCT_NAME} account was just reset with a link from our mail, and every session was logged out. Log in with the new password.`,
      `Wasn't you? Choose a new password with "Forgot password" on the login page right away.`,
    ]),
  };
}

/** An admin added the account (issue 12): choose a password to start. */
export function invitationMail(input: {
  firstName: string;
  link: string;
  ttlSeconds: number;
}): Mail {
  const valid = hoursOrMinutes(input.ttlSeconds);
  return {
    subject: `You were invited to ${PRODUCT_NAME}`,
    text: `Hi ${input.firstName},\n\nan administrator invited you to ${PRODUCT_NAME} and created an account for this address. Open this link within ${valid} to choose your password:\n\n${input.link}\n\nThe link works once. After that, log in with this e-mail address and your new password. If the link has run out, use "Forgot password" on the login page. Not expecting this? Ignore this mail.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `an administrator invited you to ${PRODUCT_NAME} and created an account for this address. Open this link within ${valid} to choose your password:`,
      `<a href="${escapeHtml(input.link)}">Choose your password</a>`,
      `The link works once. After that, log in with this e-mail address and your new password. If the link has run out, use "Forgot password" on the login page. Not expecting this? Ignore this mail.`,
    ]),
  };
}

/** The admin's "send a test e-mail" action. */
export function testMail(input: { firstName: string }): Mail {
  return {
    subject: `${PRODUCT_NAME} test e-mail`,
    text: `Hi ${input.firstName},\n\nthis is the test e-mail you sent from the ${PRODUCT_NAME} admin settings. If you can read it, mail delivery works.${signature}`,
    html: html([
      `Hi ${escapeHtml(input.firstName)},`,
      `this is the test e-mail you sent from the ${PRODUCT_NAME} admin settings. If you can read it, mail delivery works.`,
    ]),
  };
}

function hoursOrMinutes(seconds: number): string {
  if (seconds < 2 * 3600) return minutes(seconds);
  const hours = Math.round(seconds / 3600);
  return `${hours} hours`;
}

/** A household owner invited this address (issue 18). */
export function householdInvitationMail(input: {
  inviterName: string;
  link: string;
  ttlHours: number;
}): Mail {
  const inviter = input.inviterName;
  return {
    subject: `${inviter} invited you to their ${PRODUCT_NAME} household`,
    text: `Hi,\n\n${inviter} invited you to share their ${PRODUCT_NAME} household: one weekly meal plan and one shopping list for everyone in it. Open this link within ${input.ttlHours} hours to join, with your account or a new one for this address:\n\n${input.link}\n\nThe link works once. Not expecting this? Ignore this mail.${signature}`,
    html: html([
      'Hi,',
      `${escapeHtml(inviter)} invited you to share their ${PRODUCT_NAME} household: one weekly meal plan and one shopping list for everyone in it. Open this link within ${input.ttlHours} hours to join, with your account or a new one for this address:`,
      `<a href="${escapeHtml(input.link)}">Join the household</a>`,
      'The link works once. Not expecting this? Ignore this mail.',
    ]),
  };
}
