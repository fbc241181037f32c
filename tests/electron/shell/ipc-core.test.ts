import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, type EventMap, type Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { Task } from '../../../shared/task.ts';
import { createDispatcher, EmitterHub, EventGate, type QueuedEvent } from '../../../electron/shell/ipc-core.ts';

const info = { version: '1.2.3', transport: 'web', platform: 'linux', locale: 'en-US', dataDir: '/data' } as const;

/** Only the handlers a test touches; the rest answer NOT_IMPLEMENTED through the dispatcher. */
function handlers(partial: Partial<Handlers>): Handlers {
  return partial as Handlers;
}

const task = (id: string, uploadPercent: number): Task => ({ id, uploadPercent }) as unknown as Task;

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

describe('EventGate (ready handshake)', () => {
  const collect = (): { gate: EventGate; got: QueuedEvent[] } => {
    const got: QueuedEvent[] = [];
    const gate = new EventGate({
      deliver: (e) => {
        got.push(e);
        return true;
      },
    });
    return { gate, got };
  };

  it('queues until markReady, then flushes in order and delivers directly', () => {
    const { gate, got } = collect();
    gate.push('task:removed', { id: 'a' });
    gate.push('settings:changed', { theme: 'dark' } as EventMap['settings:changed']);
    expect(got).toEqual([]);
    expect(gate.queued).toBe(2);
    gate.markReady();
    expect(got.map((e) => e.channel)).toEqual(['task:removed', 'settings:changed']);
    gate.push('task:removed', { id: 'b' });
    expect(got).toHaveLength(3);
    expect(gate.queued).toBe(0);
  });

  it('keeps only the newest queued update of a task, in its latest position', () => {
    const { gate, got } = collect();
    gate.push('task:updated', task('t1', 10));
    gate.push('task:updated', task('t2', 5));
    gate.push('task:updated', task('t1', 90));
    gate.markReady();
    expect(got.map((e) => (e.payload as Task).id)).toEqual(['t2', 't1']);
    expect((got[1]!.payload as Task).uploadPercent).toBe(90);
  });

  it('drops unknown event channels', () => {
    const { gate, got } = collect();
    gate.markReady();
    (gate.push as (c: string, p: unknown) => void)('app:quit', {});
    expect(got).toEqual([]);
  });

  it('queues again after reset (renderer reloaded) until the next ready', () => {
    const { gate, got } = collect();
    gate.markReady();
    gate.reset();
    gate.push('task:removed', { id: 'x' });
    expect(got).toEqual([]);
    gate.markReady();
    expect(got).toHaveLength(1);
  });

  it('bounds the queue, dropping the oldest', () => {
    const got: QueuedEvent[] = [];
    const gate = new EventGate({
      deliver: (e) => {
        got.push(e);
        return true;
      },
      limit: 3,
    });
    for (let i = 0; i < 5; i++) gate.push('task:removed', { id: `r${i}` });
    gate.markReady();
    expect(got.map((e) => (e.payload as { id: string }).id)).toEqual(['r2', 'r3', 'r4']);
  });

  it('stops flushing when the target is gone', () => {
    let calls = 0;
    const gate = new EventGate({
      deliver: () => {
        calls++;
        return false;
      },
    });
    gate.push('task:removed', { id: 'a' });
    gate.push('task:removed', { id: 'b' });
    gate.markReady();
    expect(calls).toBe(1);
  });
});

describe('EmitterHub', () => {
  it('fans out to every attached gate and stops after detach', () => {
    const hub = new EmitterHub();
    const a: QueuedEvent[] = [];
    const b: QueuedEvent[] = [];
    const ga = new EventGate({
      deliver: (e) => {
        a.push(e);
        return true;
      },
    });
    const gb = new EventGate({
      deliver: (e) => {
        b.push(e);
        return true;
      },
    });
    ga.markReady();
    gb.markReady();
    hub.add(ga);
    const detachB = hub.add(gb);
    hub.emit('task:removed', { id: '1' });
    detachB();
    hub.emit('task:removed', { id: '2' });
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(1);
    expect(hub.size).toBe(1);
  });
});
