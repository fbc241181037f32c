// The books of shares.ts: every connection the engine holds, in which state (keyless, keyed, idle), under
// which address share (IPv4 address, IPv6 /64) and API key, and the held long polls per address and key.
// Moving a connection between states keeps every count right; the victim at the global limit is chosen here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type State = 'keyless' | 'keyed' | 'idle';

export interface Conn {
  socket: Socket;
  addr: string;
  state: State;
  key: string | null;
  since: number;
  keyDue: boolean;
  req: IncomingMessage | null;
  res: ServerResponse | null;
  winAt: number;
  winBytes: number;
}

export type Share = Record<State, Set<Conn>> & { conns: number; holds: number };

export const first = <T>(s: Set<T>): T | undefined => s.values().next().value;

export function createShareBook() {
  const all = new Set<Conn>();
  const idleAll = new Set<Conn>();
  const byAddr = new Map<string, Share>();
  const keyedByKey = new Map<string, number>();
  const holdsByKey = new Map<string, number>();

  const shareOf = (addr: string): Share => {
    let s = byAddr.get(addr);
    if (!s) byAddr.set(addr, (s = { conns: 0, keyless: new Set(), idle: new Set(), keyed: new Set(), holds: 0 }));
    return s;
  };
  const forget = (addr: string, s: Share): void => {
    if (s.conns === 0 && s.holds === 0) byAddr.delete(addr);
  };
  const bump = (m: Map<string, number>, k: string | null, d: number): void => {
    if (k === null) return;
    const v = (m.get(k) ?? 0) + d;
    if (v > 0) m.set(k, v);
    else m.delete(k);
  };
  const leave = (c: Conn, s: Share): void => {
    s[c.state].delete(c);
    if (c.state === 'idle') idleAll.delete(c);
    if (c.state === 'keyed') bump(keyedByKey, c.key, -1);
  };

  return {
    all,
    keyedByKey,
    holdsByKey,
    shareOf,
    forget,
    bump,
    /** A new connection, keyless. */
    add(c: Conn): void {
      all.add(c);
      const s = shareOf(c.addr);
      s.conns++;
      s.keyless.add(c);
    },
    enter(c: Conn, state: State, key: string | null = null): void {
      const s = shareOf(c.addr);
      leave(c, s);
      c.state = state;
      c.key = key;
      s[state].add(c);
      if (state === 'idle') idleAll.add(c);
      if (state === 'keyed') bump(keyedByKey, key, 1);
    },
    remove(c: Conn): void {
      if (!all.delete(c)) return;
      const s = shareOf(c.addr);
      leave(c, s);
      s.conns--;
      forget(c.addr, s);
    },
    /** At the global limit: an idle connection, else the oldest keyless one of the address holding the most. */
    victim(): Conn | undefined {
      const idle = first(idleAll);
      if (idle) return idle;
      let most: Share | undefined;
      for (const s of byAddr.values()) if (s.keyless.size > (most?.keyless.size ?? 0)) most = s;
      return most && first(most.keyless);
    },
  };
}
