/**
 * App-level facts: AppInfo from 'app:ready', the API-key status and the startup state.
 *
 *   const info = useAppInfo((s) => s.info);          // AppInfo | null
 *   const keyStatus = useAppInfo((s) => s.keyStatus); // KeyStatus | null
 */
import { create } from 'zustand';
import type { AppInfo, KeyStatus } from '../../../shared/task.ts';
import type { AppError } from '../../../shared/result.ts';

export interface AppInfoState {
  info: AppInfo | null;
  keyStatus: KeyStatus | null;
  /** 'starting' until the handshake finished; 'failed' if main could not be reached. */
  phase: 'starting' | 'ready' | 'failed';
  startupError: AppError | null;
  setInfo(info: AppInfo): void;
  setKeyStatus(status: KeyStatus): void;
  setPhase(phase: AppInfoState['phase'], error?: AppError | null): void;
}

export const useAppInfo = create<AppInfoState>((set) => ({
  info: null,
  keyStatus: null,
  phase: 'starting',
  startupError: null,
  setInfo: (info) => set({ info }),
  setKeyStatus: (keyStatus) => set({ keyStatus }),
  setPhase: (phase, error = null) => set({ phase, startupError: error }),
}));
