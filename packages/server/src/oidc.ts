// The bin's OpenID Connect relying party, on openid-client (a certified implementation): the issuer's
// metadata found once (and again after a failure), the authorization code flow with PKCE, state and
// nonce, and every check of the callback and the ID token left to the library.
import * as client from 'openid-client';
import { isAllowedUrl, type OidcConfig } from './oidc-config';
import { LOGIN_RECORD_TTL_MS, loginRecords, type LoginRecord } from './oidc-state';

/** Who signed in, as the issuer says. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Unset when the issuer gave none or said it is not verified. */
  email?: string;
  name?: string;
  /** The issuer's `preferred_username`: a new person's username (with no email, they are known by it). */
  username?: string;
}

/** Why a sign-in failed, with the status and a message that may be shown (never a secret or a token). */
export class OidcError extends Error {
  override readonly name = 'OidcError';
  constructor(
    readonly status: 400 | 401 | 503,
    message: string,
    /** What went wrong underneath, for the log: an error name and code, never a secret. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface RelyingParty {
  /** Where to send the browser, and the sealed record for its cookie. OidcError 503 when the issuer is unreachable. */
  begin(redirectUri: string): Promise<{ location: string; record: string }>;
  /** Checks the callback (`search`: its query) against the browser's record; OidcError 400, 401 or 503. */
  finish(search: string, sealed: string | null): Promise<OidcIdentity>;
}

const SCOPE = 'openid email profile';
/** Seconds to wait for the issuer before answering 503. */
const ISSUER_TIMEOUT_S = 10;

const isUnreachable = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || error.name === 'AbortError' || (error instanceof TypeError && error.message === 'fetch failed'));

/** An error's name and code, for the log (the message of a library error may quote a response). */
const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
};

export function relyingParty(config: OidcConfig, now: () => number = Date.now): RelyingParty {
  const records = loginRecords(config.clientSecret);
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === 'http:' && isAllowedUrl(issuer);
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = (): Promise<client.Configuration> =>
    (discovered ??= client
      .discovery(issuer, config.clientId, undefined, client.ClientSecretBasic(config.clientSecret), {
        timeout: ISSUER_TIMEOUT_S,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .then((found) => {
        found.timeout = ISSUER_TIMEOUT_S;
        // The ID token's signature is checked too, not only its claims (openid-client leaves it out by
        // default for tokens from the token endpoint, trusting TLS; an http issuer on localhost has none).
        client.enableNonRepudiationChecks(found);
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined; // asked again next time
        throw new OidcError(503, `The single sign-on issuer ${config.issuer} cannot be reached; try again later.`, reasonOf(error));
      }));

  async function identityOf(found: client.Configuration, record: LoginRecord, search: string): Promise<OidcIdentity> {
    const url = new URL(record.redirectUri);
    url.search = search;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(found, url, {
        pkceCodeVerifier: record.verifier,
        expectedState: record.state,
        expectedNonce: record.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (isUnreachable(error)) throw new OidcError(503, 'The single sign-on issuer cannot be reached; try again later.', reasonOf(error));
      throw new OidcError(
        401,
        'The single sign-on answer did not pass the checks (ID token, nonce or code): sign in again.',
        reasonOf(error),
      );
    }
    const claims = tokens.claims()!;
    let email = typeof claims['email'] === 'string' && claims['email_verified'] !== false ? claims['email'] : undefined;
    let name = typeof claims['name'] === 'string' ? claims['name'] : undefined;
    let username = typeof claims['preferred_username'] === 'string' ? claims['preferred_username'] : undefined;
    if ((email === undefined || name === undefined || username === undefined) && found.serverMetadata().userinfo_endpoint) {
      // Issuers may keep the profile out of the ID token and hand it out at the userinfo endpoint.
      const info = await client.fetchUserInfo(found, tokens.access_token, claims.sub).catch(() => null);
      if (email === undefined && typeof info?.email === 'string' && info.email_verified !== false) email = info.email;
      if (name === undefined && typeof info?.name === 'string') name = info.name;
      if (username === undefined && typeof info?.preferred_username === 'string') username = info.preferred_username;
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      ...(email ? { email } : {}),
      ...(name ? { name } : {}),
      ...(username ? { username } : {}),
    };
  }

  return {
    async begin(redirectUri) {
      const found = await configuration();
      const record: LoginRecord = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUri,
        expiresAt: now() + LOGIN_RECORD_TTL_MS,
      };
      const location = client.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(record.verifier),
        code_challenge_method: 'S256',
        state: record.state,
        nonce: record.nonce,
      });
      return { location: location.href, record: records.seal(record) };
    },

    async finish(search, sealed) {
      const params = new URLSearchParams(search);
      const record = sealed ? records.open(sealed, now()) : null;
      if (!record) {
        throw new OidcError(400, 'No single sign-on is under way in this browser (or it expired or was finished): sign in again.');
      }
      if (params.get('state') !== record.state) {
        throw new OidcError(400, 'The single sign-on answer does not belong to the sign-in this browser started (state): sign in again.');
      }
      if (!records.consume(record, now())) throw new OidcError(400, 'This single sign-on answer was used already: sign in again.');
      const refused = params.get('error');
      if (refused !== null) {
        const code = /^[\w.-]{1,64}$/.test(refused) ? refused : 'error';
        throw new OidcError(401, `The single sign-on issuer refused the sign-in (${code}).`);
      }
      return identityOf(await configuration(), record, search);
    },
  };
}
