// Transport connection state (browser mode reconnects; Electron is always 'open'). main.tsx plugs in
// the transport's source; the shell shows a banner while disconnected and re-syncs on reconnect.
import { create } from 'zustand';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closed';
type Source = (listener: (status: ConnectionStatus) => void) => () => void;

interface ConnectionState {
  status: ConnectionStatus;
}
export const useConnection = create<ConnectionState>(() => ({ status: 'idle' }));

let source: Source | null = null;

export function setConnectionSource(next: Source | null): void {
  source = next;
}

/** Follows the transport's status; calls onReconnect when it comes back after a drop. */
export function watchConnection(onReconnect: () => void): () => void {
  if (!source) return () => undefined;
  let dropped = false;
  return source((status) => {
    useConnection.setState({ status });
    if (status === 'closed') dropped = true;
    if (status === 'open' && dropped) {
      dropped = false;
      onReconnect();
    }
  });
}
