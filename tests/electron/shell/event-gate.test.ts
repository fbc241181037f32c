// Events from main to the renderer (ipc-core.ts): held until the ready handshake (EventGate), then sent
// to every window (EmitterHub).
import { describe, expect, it } from 'vitest';
import type { EventMap } from '../../../shared/ipc-contract.ts';
import type { Task } from '../../../shared/task.ts';
import { EmitterHub, EventGate, type QueuedEvent } from '../../../electron/shell/ipc-core.ts';

const task = (id: string, uploadPercent: number): Task => ({ id, uploadPercent }) as unknown as Task;

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
