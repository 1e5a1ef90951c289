// A real OpenID Connect issuer for tests: oidc-provider on 127.0.0.1 with one confidential client, its
// development sign-in pages (any login, any password: the login is the subject) and email and name
// claims; a login starting `nomail-` has neither email nor preferred_username, one starting `handle-`
// has no email and the rest of the login as its preferred_username (an issuer that tells no email). It listens before it serves, so a bin can be started on its URL first and the client's
// redirect URI (which names the bin's port) registered afterwards; until then, and while `down`, every
// connection is dropped, as an unreachable issuer's would be.
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client with this redirect URI and starts answering. */
  serve(redirectUri: string): void;
  /** Drops every connection (true) or answers again (false). */
  down(isDown: boolean): void;
  /** The next token answer carries an ID token whose payload was changed after signing. */
  tamperNextIdToken(): void;
  /**
   * The next redirect back to the client goes to the issuer's own `/held` page instead: the promise gets
   * the callback URL the browser would have gone to (a test then calls it itself, with the browser's cookies).
   */
  holdNextCallback(): Promise<string>;
  close(): Promise<void>;
}

/** A JWT with one character of its `sub` claim changed (same length, so the answer's length holds). */
function tampered(jwt: string): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { sub: string };
  claims.sub = (claims.sub[0] === 'x' ? 'y' : 'x') + claims.sub.slice(1);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** Rewrites the token answer's id_token as it is sent. */
function tamperTokenAnswer(res: ServerResponse): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body = JSON.parse(chunk.toString()) as { id_token?: string };
      if (body.id_token) body.id_token = tampered(body.id_token);
      return end(JSON.stringify(body), ...rest);
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** Sends the response's redirect to the client elsewhere, handing its URL to `held`. */
function holdRedirect(res: ServerResponse, redirectUri: string, elsewhere: string, held: (url: string) => void): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() === 'location' && typeof value === 'string' && value.startsWith(`${redirectUri}?`)) {
      held(value);
      return setHeader(name, elsewhere);
    }
    return setHeader(name, value);
  }) as ServerResponse['setHeader'];
}

function claimsOf(id: string): Record<string, unknown> {
  if (id.startsWith('nomail-')) return { sub: id, name: `Person ${id}` };
  if (id.startsWith('handle-')) return { sub: id, name: `Person ${id}`, preferred_username: id.slice('handle-'.length) };
  return { sub: id, email: `${id}@example.com`, email_verified: true, name: `Person ${id}` };
}

export async function startTestIssuer(clientSecret: string): Promise<TestIssuer> {
  let handler: ReturnType<Provider['callback']> | undefined;
  let redirect = '';
  let isDown = false;
  let tamperNext = false;
  let holdNext: ((url: string) => void) | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (!handler || isDown) return void req.socket.destroy();
    if (req.url === '/held') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('held');
    if (holdNext) {
      const held = holdNext;
      holdRedirect(res, redirect, `${url}/held`, (callbackUrl) => {
        holdNext = undefined;
        held(callbackUrl);
      });
    }
    if (tamperNext && req.method === 'POST' && req.url?.startsWith('/token')) {
      tamperNext = false;
      tamperTokenAnswer(res);
    }
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'flagadmin';
  return {
    url,
    clientId,
    clientSecret,
    serve(redirectUri) {
      redirect = redirectUri;
      const provider = new Provider(url, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        findAccount: async (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: async () => claimsOf(id),
        }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
        pkce: { required: () => true },
        cookies: { keys: ['test-issuer-cookie-key'] },
      });
      handler = provider.callback();
    },
    down(value) {
      isDown = value;
    },
    tamperNextIdToken() {
      tamperNext = true;
    },
    holdNextCallback: () => new Promise<string>((resolve) => (holdNext = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
