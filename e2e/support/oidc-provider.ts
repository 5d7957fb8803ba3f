import { createServer } from 'node:http';

import Provider from 'oidc-provider';

/**
 * A stand-in for Google during the e2e run: a real OpenID provider
 * (oidc-provider) on loopback with its development login and consent pages.
 * Any login name signs in; a name with an '@' is also the e-mail address,
 * others get `<name>@google.test`. Started by playwright.config.ts.
 */

const port = Number(process.env.E2E_OIDC_PORT ?? 3109);
const clientId = process.env.E2E_GOOGLE_CLIENT_ID ?? 'platewise-e2e';
const clientSecret =
  process.env.E2E_GOOGLE_CLIENT_SECRET ?? 'platewise-e2e-client-secret';
const redirectUri = process.env.E2E_GOOGLE_REDIRECT_URI;
if (!redirectUri) throw new Error('E2E_GOOGLE_REDIRECT_URI is required');

const issuer = `http://127.0.0.1:${port}`;

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name', 'name'],
  },
  conformIdTokenClaims: false,
  cookies: { keys: ['platewise-e2e-oidc-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  findAccount: (_ctx: unknown, sub: string) => {
    const email = sub.includes('@') ? sub : `${sub}@google.test`;
    const name = email.split('@')[0] ?? sub;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email,
        email_verified: true,
        given_name: capitalised(name),
        family_name: 'Googler',
        name: `${capitalised(name)} Googler`,
      }),
    };
  },
});

const callback = provider.callback();
const server = createServer((request, response) => {
  if (request.url === '/health') {
    response.end('ok');
    return;
  }
  callback(request, response);
});
server.listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
