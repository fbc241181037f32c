// The shells' IPC dispatch (createDispatcher): only allowlisted channels reach a handler, every answer is
// an envelope, and errors cross as data.
import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, type Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { Task } from '../../../shared/task.ts';
import { createDispatcher } from '../../../electron/shell/ipc-core.ts';

const info = { version: '1.2.3', transport: 'web', platform: 'linux', locale: 'en-US', dataDir: '/data' } as const;

const task = (id: string, uploadPercent: number): Task => ({ id, uploadPercent }) as unknown as Task;

/** Only the handlers a test touches; the rest answer NOT_IMPLEMENTED through the dispatcher. */
function handlers(partial: Partial<Handlers>): Handlers {
  return partial as Handlers;
}

describe('createDispatcher', () => {
  it('wraps a handler value in {ok:true}', async () => {
    const dispatch = createDispatcher(handlers({ 'app:ready': async () => info }));
    expect(await dispatch('app:ready', undefined)).toEqual({ ok: true, value: info });
  });

  it('passes the request through unchanged', async () => {
    let seen: unknown;
    const dispatch = createDispatcher(
      handlers({
        'tasks:cancel': async (req) => {
          seen = req;
          return task(req.id, 0);
        },
      }),
    );
    await dispatch('tasks:cancel', { id: 'req_1' });
    expect(seen).toEqual({ id: 'req_1' });
  });

  it('refuses channels outside the allowlist without calling anything', async () => {
    const dispatch = createDispatcher(handlers({}));
    for (const ch of ['shell:exec', 'constructor', '__proto__', 'toString', 42, null, undefined, { a: 1 }]) {
      const r = await dispatch(ch, undefined);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('UNKNOWN_CHANNEL');
    }
  });

  it('turns a thrown CodedError into its code, never a rejection', async () => {
    const dispatch = createDispatcher(
      handlers({
        'key:set': async () => {
          throw new CodedError('INVALID_KEY', 'Keys start with sk-');
        },
      }),
    );
    await expect(dispatch('key:set', { apiKey: 'nope' })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_KEY', message: 'Keys start with sk-' },
    });
  });

  it('turns plain errors and non-errors into INTERNAL', async () => {
    const dispatch = createDispatcher(
      handlers({
        'tasks:list': async () => {
          throw new Error('disk on fire');
        },
        'history:clear': async () => {
          throw 'a string';
        },
      }),
    );
    expect(await dispatch('tasks:list', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'disk on fire' },
    });
    expect(await dispatch('history:clear', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'a string' },
    });
  });

  it('answers NOT_IMPLEMENTED for an allowlisted channel without a handler', async () => {
    const r = await createDispatcher(handlers({}))('storage:usage', undefined);
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_IMPLEMENTED' } });
  });

  it('covers every allowlisted channel', async () => {
    const all = Object.fromEntries(INVOKE_CHANNELS.map((c) => [c, async () => c])) as unknown as Handlers;
    const dispatch = createDispatcher(all);
    for (const c of INVOKE_CHANNELS) expect(await dispatch(c, undefined)).toEqual({ ok: true, value: c });
  });
});
