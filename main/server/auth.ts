/**
 * Authentication (spec 1, "Authentication"). When SVC_AUTH=`user:password` is set, every request
 * (API, static files, events) must carry either HTTP Basic credentials or the session cookie set
 * by POST /api/auth/login. Missing or wrong credentials get 401 JSON `{message}` with
 * `WWW-Authenticate: Basic realm="ledger"`; after too many failures from one client address
 * further credential checks get 429 until the window passes.
 *
 * Choices where the spec is silent:
 * - SVC_AUTH splits at the first colon, so the password may contain colons; an empty user or a
 *   value without a colon is a configuration error at startup (better than silently open).
 * - Sessions are random 256-bit tokens kept in memory (hashed), valid 7 days, dropped by logout
 *   and by a restart. Cookie: HttpOnly, SameSite=Strict, Path=/ (no Secure: plain http on 127.0.0.1).
 * - Only wrong credentials count as failures; a request without any (a browser's first try) or
 *   with an unknown session cookie (e.g. after a restart) does not, so the owner's own page can
 *   never lock itself out. A valid session keeps working while its address is locked out (all
 *   local clients share 127.0.0.1, so an attacker must not lock the owner out of an open tab).
 * - A successful sign-in clears the failures of its address.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { H3Event } from 'h3';
import type { AuthState } from '../../engine/api-types';
import { ApiError, errorResponse, jsonResponse, readJsonObject } from './http-errors';

export const SESSION_COOKIE = 'ledger_session';
export const REALM = 'ledger';
const CHALLENGE = { 'www-authenticate': `Basic realm="${REALM}", charset="UTF-8"` };

export interface AuthConfig {
  username: string;
  password: string;
}

/** Reads SVC_AUTH; undefined or empty means authentication is off. */
export function parseAuthSetting(value: string | undefined): AuthConfig | null {
  if (value === undefined || value === '') return null;
  const colon = value.indexOf(':');
  if (colon <= 0) throw new Error('SVC_AUTH must be written user:password (user not empty)');
  return { username: value.slice(0, colon), password: value.slice(colon + 1) };
}

export interface AuthOptions {
  /** Failed attempts allowed per address within the window (default 10). */
  maxFailures?: number;
  /** Window of the failure count, ms (default 60 s). */
  windowMs?: number;
  /** Session lifetime, ms (default 7 days). */
  sessionMs?: number;
  /** At most this many live sessions; the oldest is dropped beyond it (bounds memory). */
  maxSessions?: number;
  now?: () => number;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest();

/** Counts failures per client address in a sliding window; keeps at most `max` timestamps each. */
class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the address may try again, or 0. */
  retryAfter(address: string, now: number): number {
    const list = this.recent(address, now);
    return list.length >= this.max ? list[0] + this.windowMs - now : 0;
  }

  record(address: string, now: number): void {
    const list = this.recent(address, now);
    list.push(now);
    if (list.length > this.max) list.shift();
    this.failures.set(address, list);
    if (this.failures.size > 10_000) this.prune(now);
  }

  clear(address: string): void {
    this.failures.delete(address);
  }

  private recent(address: string, now: number): number[] {
    const list = this.failures.get(address);
    if (!list) return [];
    while (list.length && list[0] + this.windowMs <= now) list.shift();
    if (!list.length) this.failures.delete(address);
    return list;
  }

  private prune(now: number): void {
    for (const address of [...this.failures.keys()]) this.recent(address, now);
  }
}

/** Where a request comes from, for rate limiting; in-process calls (IPC) have no socket. */
function clientAddress(event: H3Event): string {
  return event.req.ip ?? 'in-process';
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

type Verdict = 'ok' | 'missing' | 'wrong';

export class Authenticator {
  private readonly userHash: Buffer;
  private readonly passwordHash: Buffer;
  private readonly limiter: FailureLimiter;
  private readonly sessionMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;
  /** sha256(token) hex -> expiry (Unix ms); Map order = creation order, for dropping the oldest. */
  private readonly sessions = new Map<string, number>();

  constructor(config: AuthConfig, options: AuthOptions = {}) {
    this.userHash = sha256(config.username);
    this.passwordHash = sha256(config.password);
    this.limiter = new FailureLimiter(options.maxFailures ?? 10, options.windowMs ?? 60_000);
    this.sessionMs = options.sessionMs ?? 7 * 24 * 3600_000;
    this.maxSessions = options.maxSessions ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Constant-time in the content of both fields: both are always compared, as fixed-size hashes. */
  credentialsMatch(username: string, password: string): boolean {
    const userOk = timingSafeEqual(sha256(username), this.userHash);
    const passwordOk = timingSafeEqual(sha256(password), this.passwordHash);
    return userOk && passwordOk;
  }

  private hasSession(event: H3Event): boolean {
    const token = readCookie(event.req.headers.get('cookie'), SESSION_COOKIE);
    if (!token) return false;
    const key = sha256(token).toString('hex');
    const expires = this.sessions.get(key);
    if (expires === undefined) return false;
    if (expires <= this.now()) {
      this.sessions.delete(key);
      return false;
    }
    return true;
  }

  private basicVerdict(event: H3Event): Verdict {
    const header = event.req.headers.get('authorization');
    if (!header) return 'missing';
    const m = /^Basic[ ]+([A-Za-z0-9+/=_-]*)\s*$/i.exec(header);
    if (!m) return 'wrong';
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return 'wrong';
    return this.credentialsMatch(decoded.slice(0, colon), decoded.slice(colon + 1)) ? 'ok' : 'wrong';
  }

  private tooMany(retryMs: number): Response {
    const seconds = Math.max(1, Math.ceil(retryMs / 1000));
    return errorResponse(429, `too many failed sign-in attempts from this address: try again in ${seconds} s`, {
      'retry-after': String(seconds),
    });
  }

  /** Middleware check: undefined lets the request through, a Response answers it. */
  check(event: H3Event): Response | undefined {
    if (this.hasSession(event)) return undefined;
    const address = clientAddress(event);
    const now = this.now();
    const hasCredentials = event.req.headers.has('authorization');
    if (hasCredentials) {
      const wait = this.limiter.retryAfter(address, now);
      if (wait > 0) return this.tooMany(wait);
    }
    const verdict = this.basicVerdict(event);
    if (verdict === 'ok') return undefined;
    if (verdict === 'wrong') {
      this.limiter.record(address, now);
      return errorResponse(401, 'wrong username or password', CHALLENGE);
    }
    return errorResponse(401, 'authentication required: sign in or send HTTP Basic credentials', CHALLENGE);
  }

  /** POST /api/auth/login: JSON {username, password} -> session cookie. */
  async login(event: H3Event, bodyLimit: number): Promise<Response> {
    const address = clientAddress(event);
    const wait = this.limiter.retryAfter(address, this.now());
    if (wait > 0) return this.tooMany(wait);
    const body = await readJsonObject(event, bodyLimit);
    const { username, password } = body;
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new ApiError(400, 'login body must be {"username": string, "password": string}');
    }
    if (!this.credentialsMatch(username, password)) {
      this.limiter.record(address, this.now());
      return errorResponse(401, 'wrong username or password', CHALLENGE);
    }
    this.limiter.clear(address);
    const token = randomBytes(32).toString('base64url');
    this.addSession(sha256(token).toString('hex'));
    const state: AuthState = { auth_required: true, authenticated: true };
    return jsonResponse(200, { data: state }, { 'set-cookie': this.cookie(token, Math.floor(this.sessionMs / 1000)) });
  }

  /** POST /api/auth/logout: forgets the session (if any) and clears the cookie. */
  logout(event: H3Event): Response {
    const token = readCookie(event.req.headers.get('cookie'), SESSION_COOKIE);
    if (token) this.sessions.delete(sha256(token).toString('hex'));
    const state: AuthState = { auth_required: true, authenticated: false };
    return jsonResponse(200, { data: state }, { 'set-cookie': this.cookie('', 0) });
  }

  private addSession(key: string): void {
    const now = this.now();
    for (const [k, expires] of this.sessions) {
      if (expires <= now) this.sessions.delete(k);
    }
    while (this.sessions.size >= this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    this.sessions.set(key, now + this.sessionMs);
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
  }
}
