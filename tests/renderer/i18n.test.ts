/// <reference types="vite/client" />
import { afterEach, describe, expect, it } from 'vitest';
import {
  allMessages,
  registerMessages,
  registeredNamespaces,
  resolveLocale,
  setLocale,
  translate,
} from '../../renderer/src/i18n/index.ts';
import { describeError, errorLine } from '../../renderer/src/i18n/errors.ts';
import { toAppError } from '../../shared/result.ts';
import {
  BadResponseError,
  HttpStatusError,
  NetworkError,
  RemoteFailedError,
  ServiceError,
} from '../../shared/service-errors.ts';
import { ErrorCodes } from '../../shared/somark.ts';
import { resetRenderer } from './setup.ts';

// Every feature's strings, as the app loads them.
import.meta.glob('../../renderer/src/features/*/messages.ts', { eager: true });

afterEach(resetRenderer);

/** `<key>_one` is an optional English singular; the base key is what both languages must have. */
const baseKeys = (dict: Readonly<Record<string, string>>) =>
  new Set(Object.keys(dict).filter((k) => !k.endsWith('_one')));

describe('dictionaries', () => {
  it('registers the core and every feature namespace', () => {
    const ns = registeredNamespaces();
    for (const expected of ['', 'upload', 'queue', 'task', 'settings']) expect(ns).toContain(expected);
  });

  it('en and zh-CN define the same keys', () => {
    const { en, 'zh-CN': zh } = allMessages();
    const enKeys = baseKeys(en);
    const zhKeys = baseKeys(zh);
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    for (const k of Object.keys(en).filter((x) => x.endsWith('_one'))) expect(enKeys).toContain(k.slice(0, -4));
  });

  it('has no empty strings and the same placeholders in both languages', () => {
    const { en, 'zh-CN': zh } = allMessages();
    const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of baseKeys(en)) {
      expect(en[key]!.trim(), key).not.toBe('');
      expect(zh[key]!.trim(), key).not.toBe('');
      expect(vars(zh[key]!), key).toEqual(vars(en[key]!));
    }
  });
});

describe('translate', () => {
  it('interpolates, switches language live, and falls back to English then the key', () => {
    registerMessages('t1', {
      en: { hello: 'Hello {name}', onlyEn: 'x' },
      'zh-CN': { hello: '你好 {name}', onlyEn: 'y' },
    });
    expect(translate('t1.hello', { name: 'Ada' })).toBe('Hello Ada');
    setLocale('zh-CN');
    expect(translate('t1.hello', { name: 'Ada' })).toBe('你好 Ada');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(translate('t1.missing')).toBe('t1.missing');
  });

  it('uses the English singular only in English', () => {
    expect(translate('queue.count', { n: 1 })).toBe('1 document');
    expect(translate('queue.count', { n: 4 })).toBe('4 documents');
    setLocale('zh-CN');
    expect(translate('queue.count', { n: 1 })).toBe('1 个文档');
  });

  it('follows the OS locale, then the browser, when the setting is "system"', () => {
    expect(resolveLocale('system', 'zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLocale('system', 'zh-TW', 'en-US')).toBe('zh-CN');
    expect(resolveLocale('system', 'de-DE', 'zh-CN')).toBe('en');
    expect(resolveLocale('system', '', 'zh-Hans-CN')).toBe('zh-CN');
    expect(resolveLocale('system', null, 'fr')).toBe('en');
    expect(resolveLocale('en', 'zh-CN', 'zh-CN')).toBe('en');
    expect(resolveLocale('zh-CN', 'en-US', 'en')).toBe('zh-CN');
  });
});

describe('errors', () => {
  it('translates known codes and keeps the raw message as detail', () => {
    const e = describeError({ code: 'INVALID_KEY', message: 'HTTP 200 code 1107: key rejected' });
    expect(e.title).toMatch(/refused the API key/);
    expect(e.detail).toBe('HTTP 200 code 1107: key rejected');
    setLocale('zh-CN');
    expect(describeError({ code: 'UNREACHABLE', message: 'ECONNREFUSED' }).title).toMatch(/无法连接/);
  });

  it('covers the service codes and unknown ones', () => {
    expect(describeError({ code: 'SERVICE_1123', message: '' }).title).toMatch(/No pages left/);
    expect(describeError({ code: 'SERVICE_4242', message: 'odd' }).title).toBe('The service reported error 4242');
    const unknown = describeError({ code: 'WEIRD', message: 'details here' });
    expect(unknown.title).toBe('Something went wrong (code WEIRD)');
    expect(errorLine({ code: 'WEIRD', message: 'details here' })).toBe(
      'Something went wrong (code WEIRD) — details here',
    );
    expect(describeError({ code: 'EMPTY', message: '' }).detail).toBeNull();
  });

  it('has a sentence in both languages for every code a service failure becomes (toAppError)', () => {
    // No plan or pages left, rate limits, a FAILED task, HTTP statuses and unreadable answers: each reached
    // Settings' connection test and the task box as "Something went wrong (code NO_QUOTA)".
    const failures = [
      new ServiceError(ErrorCodes.NO_PLAN, 'no plan'),
      new ServiceError(ErrorCodes.NO_PAGES_LEFT, 'quota exhausted'),
      new ServiceError(ErrorCodes.QPS_LIMIT, 'slow down'),
      new ServiceError(ErrorCodes.TOO_FREQUENT, 'slow down'),
      new RemoteFailedError('layout model crashed'),
      new HttpStatusError(502, 'Bad Gateway'),
      new BadResponseError('not JSON'),
      new NetworkError('ECONNREFUSED', 'refused'),
      new ServiceError(ErrorCodes.INVALID_KEY, 'bad key'),
    ];
    for (const locale of ['en', 'zh-CN'] as const) {
      setLocale(locale);
      for (const f of failures) {
        const e = toAppError(f);
        expect(describeError(e).title, e.code).not.toMatch(/Something went wrong|出现问题/);
      }
    }
    setLocale('en');
    const quota = describeError(toAppError(new ServiceError(ErrorCodes.NO_PAGES_LEFT, 'quota exhausted')));
    expect([quota.title, quota.fix]).toEqual([
      'No pages left on your SoMark account',
      expect.stringMatching(/parse with the local engine/),
    ]);
    expect(describeError(toAppError(new HttpStatusError(502, 'Bad Gateway'))).title).toBe(
      'The service answered with HTTP status 502',
    );
  });

  it('names the way out for LibreOffice and passwords, in both languages', () => {
    expect(describeError({ code: 'NEEDS_LIBREOFFICE', message: '' }).title).toMatch(
      /install LibreOffice.*SoMark cloud/,
    );
    // Installed elsewhere: the LibreOffice setting is the way out.
    expect(describeError({ code: 'NEEDS_LIBREOFFICE', message: '' }).title).toMatch(
      /set its path under LibreOffice in Settings/,
    );
    expect(describeError({ code: 'PASSWORD_REQUIRED', message: '' }).title).toMatch(/This PDF is password-protected/);
    expect(describeError({ code: 'PASSWORD_WRONG', message: '' }).title).toMatch(/password is wrong/);
    for (const code of ['NEEDS_LIBREOFFICE', 'PASSWORD_REQUIRED', 'SERVICE_1104']) {
      expect(describeError({ code, message: '' }).title).not.toMatch(/problem is in the file/);
    }
    setLocale('zh-CN');
    expect(describeError({ code: 'NEEDS_LIBREOFFICE', message: '' }).title).toMatch(/安装 LibreOffice.*SoMark 云端/);
    expect(describeError({ code: 'NEEDS_LIBREOFFICE', message: '' }).title).toMatch(/LibreOffice 一项中填写其路径/);
    expect(describeError({ code: 'PASSWORD_REQUIRED', message: '' }).title).toMatch(/受密码保护/);
  });
});
