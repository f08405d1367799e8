import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, withSecurityHeaders } from '../../../main/electron/csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => {
    const [name, ...values] = d.trim().split(/\s+/);
    return [name, values] as [string, string[]];
  }));
}

describe('Content-Security-Policy of the app pages', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('denies by default and allows scripts only from the app itself', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    for (const values of csp.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
      expect(values).not.toContain('http:');
      expect(values).not.toContain('https:');
    }
  });

  it('allows no network connections, frames, plugins, forms or base changes', () => {
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'none'"]);
  });

  it('allows inline styles (Vue, Chart.js, CodeMirror) but not inline scripts', () => {
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('is set on a response, replacing a weaker one', async () => {
    const res = withSecurityHeaders(
      new Response('<p>x</p>', { status: 201, headers: { 'content-type': 'text/html', 'content-security-policy': "default-src *" } }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toBe('<p>x</p>');
  });
});
