import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  buildCsp,
  decideNavigation,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSender,
  originOf,
} from '../../../electron/shell/policy.ts';

const policy = { trustedIds: new Set([7]), appOrigins: [APP_ORIGIN, 'http://localhost:5173'] };

describe('isTrustedSender', () => {
  it('accepts the main frame of a trusted window on the app origin', () => {
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: `${APP_ORIGIN}/index.html` }, policy)).toBe(
      true,
    );
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: 'http://localhost:5173/' }, policy)).toBe(
      true,
    );
  });

  it('refuses other windows, iframes, foreign origins and unknown frames', () => {
    expect(isTrustedSender({ webContentsId: 8, isMainFrame: true, frameUrl: `${APP_ORIGIN}/` }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: false, frameUrl: `${APP_ORIGIN}/` }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: 'https://evil.example/' }, policy)).toBe(
      false,
    );
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: 'file:///etc/passwd' }, policy)).toBe(
      false,
    );
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: '' }, policy)).toBe(false);
    expect(isTrustedSender({ webContentsId: 7, isMainFrame: true, frameUrl: 'http://localhost:5174/' }, policy)).toBe(
      false,
    );
  });
});

describe('originOf', () => {
  it('rebuilds origins of non-special schemes', () => {
    expect(originOf('docparse-app://app/index.html#/settings')).toBe('docparse-app://app');
    expect(originOf('https://example.com:8443/a?b')).toBe('https://example.com:8443');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('navigation and external links', () => {
  it('stays on the app, sends http(s) outside, denies the rest', () => {
    expect(decideNavigation(`${APP_ORIGIN}/index.html#/history`, policy.appOrigins)).toBe('allow');
    expect(decideNavigation('https://somark.tech/docs', policy.appOrigins)).toBe('open-external');
    expect(decideNavigation('http://example.com/', policy.appOrigins)).toBe('open-external');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'smb://host/share',
      'docparse-asset://app/x',
    ]) {
      expect(decideNavigation(url, policy.appOrigins)).toBe('deny');
    }
  });

  it('accepts only plain http(s) URLs for openExternal', () => {
    expect(isSafeExternalUrl('https://github.com/x/y')).toBe(true);
    expect(isSafeExternalUrl('https://user:pw@example.com/')).toBe(false);
    expect(isSafeExternalUrl('ms-msdt:/id PCWDiagnostic')).toBe(false);
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(3000)}`)).toBe(false);
    expect(isSafeExternalUrl('')).toBe(false);
  });
});

describe('permissions', () => {
  it('grants only clipboard writes to the app itself', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', `${APP_ORIGIN}/index.html`, policy.appOrigins)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', policy.appOrigins)).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(isPermissionAllowed(p, `${APP_ORIGIN}/`, policy.appOrigins)).toBe(false);
    }
  });
});

describe('buildCsp', () => {
  const parse = (csp: string): Map<string, string[]> =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k!, v]),
    );

  it('forbids inline and remote scripts, eval, plugins, framing and base/form hijacks', () => {
    const csp = parse(buildCsp({ assets: ['docparse-asset:'] }));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toContain('docparse-asset:');
    expect(csp.get('connect-src')).toContain('docparse-asset:');
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('adds the WebSocket origin for browser mode and relaxes scripts only in dev', () => {
    const web = parse(buildCsp({ connect: ['ws://127.0.0.1:5180'] }));
    expect(web.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:5180']);
    expect(parse(buildCsp({ dev: true })).get('script-src')).toContain("'unsafe-inline'");
  });
});
