/**
 * Authentication (spec 1, "Authentication"). When SVC_AUTH=`user:password` is set, every request
 * (API, static files, events) must carry either HTTP Basic credentials or the session cookie set
 * by POST /api/auth/login. Missing or wrong credentials get 401 JSON `{message}` with
 * `WWW-Authenticate: Basic realm="ledger"`. Wrong credentials are answered more and more slowly,
 * but the right ones are always admitted at once (issue 14 §3: every local process shares
 * 127.0.0.1, so any lock-out would let any of them lock the owner out).
 *
 * Choices where the spec is silent:
 * - SVC_AUTH splits at the first colon, so the password may contain colons; an empty user, an
 *   empty password or a value without a colon is a configuration error at startup (better than
 *   silently open: `user:` would admit anyone sending an empty password).
 * - Sessions are random 256-bit tokens kept in memory (hashed), valid 7 days, dropped by logout
 *   and by a restart. Cookie: HttpOnly, SameSite=Strict, Path=/ (no Secure: plain http on 127.0.0.1).
 * - Only wrong credentials count as failures; a request without any (a browser's first try) or
 *   with an unknown session cookie (e.g. after a restart) does not.
 * - Slowing down (FailureDelay): per client address the first 3 failures are answered at once
 *   (typos), then each wrong answer waits 0.5 s, 1 s, 2 s ... up to 8 s, and wrong answers of one
 *   address are handed out one after another, so a client that waits for its answers guesses at
 *   most one password per 8 s. Failures are forgotten 15 minutes after the last one. A success
 *   does not reset the count (the owner's requests would reset an attacker's count). At most 32
 *   wrong answers wait at a time per address; beyond that they are answered at once, so waiting
 *   answers cannot fill the connection cap and keep the owner from connecting. Checking is never
 *   delayed: a right password is admitted at once, whatever the count.
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
  if (colon <= 0 || colon === value.length - 1) {
    throw new Error('SVC_AUTH must be written user:password (user and password not empty)');
  }
  return { username: value.slice(0, colon), password: value.slice(colon + 1) };
}

export interface AuthOptions {
  /** Failures per address answered without delay (default 3). */
  freeFailures?: number;
  /** Delay of the first slowed answer, ms, doubling per further failure (default 500). */
  baseDelayMs?: number;
  /** Longest delay of one wrong answer, ms (default 8 s). */
  maxDelayMs?: number;
  /** An address's failures are forgotten this long after its last one, ms (default 15 min). */
  forgetMs?: number;
  /** Wrong answers waiting at a time per address; more are answered at once (default 32). */
  maxWaiting?: number;
  /** Session lifetime, ms (default 7 days). */
  sessionMs?: number;
  /** At most this many live sessions; the oldest is dropped beyond it (bounds memory). */
  maxSessions?: number;
  now?: () => number;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest();

interface Failures {
  count: number;
  last: number;
  /** When the latest wrong answer of this address is (or was) handed out. */
  answerAt: number;
  waiting: number;
}

/**
 * Delays wrong answers per client address (see the header comment for the numbers and why).
 * Counts, not timestamps, so memory per address is constant; at most 10,000 addresses are kept.
 */
export class FailureDelay {
  private readonly byAddress = new Map<string, Failures>();
  private readonly free: number;
  private readonly base: number;
  private readonly max: number;
  private readonly forget: number;
  private readonly maxWaiting: number;

  constructor(options: AuthOptions = {}) {
    this.free = options.freeFailures ?? 3;
    this.base = options.baseDelayMs ?? 500;
    this.max = options.maxDelayMs ?? 8000;
    this.forget = options.forgetMs ?? 15 * 60_000;
    this.maxWaiting = options.maxWaiting ?? 32;
  }

  /** Delay owed by the n-th failure (1-based) in a row. */
  delayFor(n: number): number {
    if (n <= this.free) return 0;
    return Math.min(this.max, this.base * 2 ** Math.min(n - this.free - 1, 30));
  }

  /** Records a failure; returns how long (ms) to wait before answering it. */
  fail(address: string, now: number): number {
    let f = this.byAddress.get(address);
    if (!f || f.last + this.forget <= now) {
      f = { count: 0, last: now, answerAt: now, waiting: f?.waiting ?? 0 };
      this.byAddress.set(address, f);
      if (this.byAddress.size > 10_000) this.prune(now);
    }
    f.count++;
    f.last = now;
    const delay = this.delayFor(f.count);
    if (delay === 0 || f.waiting >= this.maxWaiting) return 0;
    f.answerAt = Math.max(now, f.answerAt) + delay;
    return f.answerAt - now;
  }

  /** Brackets a delayed answer, so the number waiting per address stays bounded. */
  async wait(address: string, ms: number): Promise<void> {
    if (ms <= 0) return;
    const f = this.byAddress.get(address);
    if (f) f.waiting++;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      if (f) f.waiting--;
    }
  }

  failures(address: string, now: number): number {
    const f = this.byAddress.get(address);
    return f && f.last + this.forget > now ? f.count : 0;
  }

  private prune(now: number): void {
    for (const [address, f] of this.byAddress) {
      if (f.last + this.forget <= now && f.waiting === 0) this.byAddress.delete(address);
    }
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
  readonly delays: FailureDelay;
  private readonly sessionMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;
  /** sha256(token) hex -> expiry (Unix ms); Map order = creation order, for dropping the oldest. */
  private readonly sessions = new Map<string, number>();

  constructor(config: AuthConfig, options: AuthOptions = {}) {
    this.userHash = sha256(config.username);
    this.passwordHash = sha256(config.password);
    this.delays = new FailureDelay(options);
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

  /** The 401 of wrong credentials, after the delay this address has earned. */
  private async wrongAnswer(address: string): Promise<Response> {
    await this.delays.wait(address, this.delays.fail(address, this.now()));
    return errorResponse(401, 'wrong username or password', CHALLENGE);
  }

  /**
   * Middleware check: undefined lets the request through (synchronously: a right answer never
   * waits), a Response answers it, a Promise is a wrong answer being slowed down.
   */
  check(event: H3Event): Response | Promise<Response> | undefined {
    if (this.hasSession(event)) return undefined;
    const verdict = this.basicVerdict(event);
    if (verdict === 'ok') return undefined;
    if (verdict === 'wrong') return this.wrongAnswer(clientAddress(event));
    return errorResponse(401, 'authentication required: sign in or send HTTP Basic credentials', CHALLENGE);
  }

  /** POST /api/auth/login: JSON {username, password} -> session cookie. */
  async login(event: H3Event, bodyLimit: number): Promise<Response> {
    const body = await readJsonObject(event, bodyLimit);
    const { username, password } = body;
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new ApiError(400, 'login body must be {"username": string, "password": string}');
    }
    if (!this.credentialsMatch(username, password)) return this.wrongAnswer(clientAddress(event));
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
