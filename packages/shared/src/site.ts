/**
 * Public facts about the product shown in the web app and in mails. The
 * support address is not one of them: it belongs to whoever runs an
 * instance, so it is the server's SUPPORT_EMAIL setting (issue 11).
 */
export const PRODUCT_NAME = 'Platewise';
