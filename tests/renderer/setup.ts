// Shared per-test reset for renderer tests: unmount React trees, empty the stores, English UI.
import { cleanup } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { useUi } from '../../renderer/src/stores/ui.ts';
import { useUpload } from '../../renderer/src/features/upload/store.ts';

export function resetRenderer(): void {
  cleanup();
  setApi(null);
  setLocale('en');
  useTasks.setState({ tasks: {}, order: [], selectedId: null, checked: [], loaded: false });
  useSettings.setState({ settings: null, saving: false, lastError: null });
  useAppInfo.setState({ info: null, keyStatus: null, phase: 'starting', startupError: null });
  useUi.setState({ tab: 'queue', toasts: [], queueCollapsed: false });
  useUpload.setState({ busy: 0, rejected: [] });
}
