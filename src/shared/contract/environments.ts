/** Where the app's data comes from: the local store, or one of the shop's two servers. */
export const ENVIRONMENTS = ['local', 'production', 'staging'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** Each environment as a person reads it, in the window, main's dialogs and messages. */
export const ENVIRONMENT_LABELS: Record<EnvironmentName, string> = {
  local: 'Local store',
  production: 'Production',
  staging: 'Staging',
};

export const REMOTE_ENVIRONMENTS = ['production', 'staging'] as const;
export type RemoteEnvironment = (typeof REMOTE_ENVIRONMENTS)[number];

export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return (ENVIRONMENTS as readonly unknown[]).includes(value);
}

export function isRemoteEnvironment(value: unknown): value is RemoteEnvironment {
  return (REMOTE_ENVIRONMENTS as readonly unknown[]).includes(value);
}

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

/** This computer: localhost, 127.0.0.0/8, ::1 (with or without the brackets a URL puts around it). */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * A server's base address: absolute, ending in /v1 (a trailing slash is tolerated and dropped),
 * https except for this computer (localhost, 127.0.0.0/8, ::1), no credentials, query or fragment.
 * Returns it normalised ("https://shop.example/api/v1"), or what is wrong with it.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: `"${text}" is not an absolute address; write it like https://shop.example/v1` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `the address must start with https://, got ${url.protocol}//` };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      problem: `the address must use https:// (plain http:// is allowed only for this computer: localhost, 127.x.x.x, ::1), got ${url.origin}`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      problem: 'the address must not contain a user name or password; keys are kept in the OS keychain',
    };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, problem: 'the address must not contain a query (?...) or a fragment (#...)' };
  }
  const path = url.pathname.replace(/\/$/, '');
  if (!path.endsWith('/v1')) {
    return { ok: false, problem: `the address must end with the version prefix /v1, got ${url.pathname}` };
  }
  return { ok: true, url: `${url.origin}${path}` };
}
