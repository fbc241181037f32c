// A stand-in for the 'electron' module, for running the built main bundle under plain Node (Electron's
// binary is not available here). It records what main registers and lets the parent test process drive
// it over the child-process IPC channel: invoke a channel as some frame, fetch from a protocol, open a
// window, navigate, ask for a permission, quit (ipc-fake-electron-driver.mjs). The services behind it are
// the real ones.
import { EventEmitter } from 'node:events';
import { fork } from 'node:child_process';
import { startDriver } from './ipc-fake-electron-driver.mjs';
import { FakeEvent, report, state, WebContents } from './ipc-fake-electron-state.mjs';

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    state.windows.push(this);
    app.emit('web-contents-created', new FakeEvent(), this.webContents);
  }
  static getAllWindows() {
    return state.windows;
  }
  loadURL(url) {
    this.url = url;
    this.webContents.mainFrame.url = url;
    report({ type: 'window', url });
    return Promise.resolve();
  }
  show() {}
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  setPath(name, value) {
    state.paths[name] = value;
  },
  getPath(name) {
    return state.paths[name];
  },
  getVersion() {
    return '0.0.0-fake';
  },
  getLocale() {
    return 'zh-CN';
  },
  requestSingleInstanceLock() {
    state.locked = true;
    return true;
  },
  whenReady() {
    return Promise.resolve();
  },
  quit() {
    const event = new FakeEvent();
    app.emit('before-quit', event);
    report({ type: 'quit', prevented: event.defaultPrevented });
    if (!event.defaultPrevented) setImmediate(() => process.exit(0));
  },
  exit(code) {
    process.exit(code);
  },
});

export const ipcMain = {
  handle(channel, fn) {
    state.handlers.set(channel, fn);
  },
  removeHandler(channel) {
    state.handlers.delete(channel);
  },
};
export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    state.schemes = schemes;
  },
  handle(scheme, fn) {
    state.protocols.set(scheme, fn);
  },
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler(fn) {
      state.permissionRequest = fn;
    },
    setPermissionCheckHandler(fn) {
      state.permissionCheck = fn;
    },
    webRequest: { onHeadersReceived() {} },
  },
};
export const dialog = {
  showSaveDialog: async () => ({ canceled: true }),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showErrorBox: (title, message) => report({ type: 'error', title, message }),
};
export const shell = {
  openExternal: async (url) => {
    state.opened.push(url);
  },
};
/** utilityProcess: the module as a Node child (the engine's entry speaks process.send when it has no
 *  parentPort); messages arrive as their data, exits as a code, as Electron reports them. */
export const utilityProcess = {
  fork(modulePath, args = [], options = {}) {
    const child = fork(modulePath, args, {
      execArgv: [],
      stdio: [
        'ignore',
        options.stdio === 'pipe' ? 'pipe' : 'inherit',
        options.stdio === 'pipe' ? 'pipe' : 'inherit',
        'ipc',
      ],
    });
    state.utilities.push(child.pid);
    const proc = Object.assign(new EventEmitter(), {
      pid: child.pid,
      stdout: child.stdout,
      stderr: child.stderr,
      postMessage: (m) => child.connected && child.send(m),
      kill: () => child.kill('SIGTERM'),
    });
    child.on('message', (m) => proc.emit('message', m));
    child.on('exit', (code) => proc.emit('exit', code ?? 1));
    return proc;
  },
};

export default { app, BrowserWindow, ipcMain, protocol, session, dialog, shell, utilityProcess };

startDriver(app);
