import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 standing in for
 * Google. Interactions are completed by the provider itself: whoever
 * `signInAs` names is logged in and consents at once, so a test follows the
 * redirects with `authorize` and gets the callback address back.
 */

export const TEST_GOOGLE_CLIENT_ID = 'platewise-test-client';
export const TEST_GOOGLE_CLIENT_SECRET =
  'platewise-test-client-secret-0123456789';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  /** Who the next interaction logs in. */
  signInAs(account: TestAccount): void;
  /** Answer the next interaction with `error=access_denied`. */
  denyNext(): void;
  /**
   * Follows the redirects from an authorization URL through the provider
   * and answers the address it finally sends the browser to (the callback).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A cookie jar of one origin, enough for the provider's cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () =>
      [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        if (index <= 0) continue;
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) {
          cookies.delete(name);
        } else {
          cookies.set(name, value);
        }
      }
    },
  };
}

/** A fresh RS256 key, so the provider does not use its shared dev keys. */
async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    ...(await exportJWK(privateKey)),
    kid: 'test',
    alg: 'RS256',
    use: 'sig',
  };
}

export async function startTestIdentityProvider(options: {
  redirectUri: string;
}): Promise<TestIdentityProvider> {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  let deny = false;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_GOOGLE_CLIENT_ID,
        client_secret: TEST_GOOGLE_CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Claims go into the ID token, as Google's do.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    jwks: { keys: [await signingKey()] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  const callback = provider.callback();

  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      callback(request, response);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (deny) {
          deny = false;
          await provider.interactionFinished(request, response, {
            error: 'access_denied',
            error_description: 'The user said no',
          });
          return;
        }
        const account = next;
        if (!account) throw new Error('signInAs was not called');
        accounts.set(account.sub, account);
        const grant = new provider.Grant({
          accountId: account.sub,
          clientId: TEST_GOOGLE_CLIENT_ID,
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.statusCode = 500;
        response.end(String(error));
      }
    })();
  });

  return {
    issuer,
    signInAs(account) {
      next = account;
    },
    denyNext() {
      deny = true;
    },
    async authorize(authorizationUrl) {
      const jar = cookieJar();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: jar.header() },
        });
        jar.store(response);
        const location = response.headers.get('location');
        if (!location) {
          throw new Error(
            `provider answered ${response.status}: ${await response.text()}`,
          );
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
