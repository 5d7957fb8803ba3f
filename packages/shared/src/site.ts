/** Public facts about the product shown in the web app and in mails. */
export const PRODUCT_NAME = 'Platewise';
export const SUPPORT_EMAIL = 'support@platewise.app';
