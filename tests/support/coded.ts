// The code of the CodedError a promise rejects with ('no error' when it resolves), for tests of
// main-process services whose failures are coded.
import { expect } from 'vitest';
import { CodedError } from '../../shared/result.ts';

export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CodedError);
    return (e as CodedError).code;
  }
  return 'no error';
}
