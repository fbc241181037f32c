// A stand-in for the 'electron' module, for running the built main bundle under plain Node (Electron's
// binary is not available here). It records what main registers and lets the parent test process drive
// it over the child-process IPC channel: invoke a channel as some frame, fetch from a protocol, open a
// window, navigate, ask for a permission, quit. The services behind it are the real ones.
import { EventEmitter } from 'node:events';
import { fork } from 'node:child_process';

const state = {
  handlers: new Map(),
  protocols: new Map(),
  schemes: [],
  windows: [],
  opened: [],
  paths: { userData: '/nonexistent' },
  permissionRequest: null,
  permissionCheck: null,
  locked: false,
  utilities: [],
};
const report = (msg) => process.send?.(msg);

class FakeEvent {
  constructor(props = {}) {
    Object.assign(this, props);
    this.defaultPrevented = false;
  }
  preventDefault() {
    this.defaultPrevented = true;
  }
}

let nextId = 1;
class WebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextId++;
    this.mainFrame = { frameTreeNodeId: 100 + this.id, parent: null, url: '' };
    this.windowOpenHandler = null;
  }
  isDestroyed() {
    return false;
  }
  send(channel, payload) {
    report({ type: 'sent', channel, payload });
  }
  setWindowOpenHandler(fn) {
    this.windowOpenHandler = fn;
  }
}

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

/** The IPC event main would see for a message from `from`. */
function ipcEvent(from) {
  const win = state.windows[0];
  const sender = from === 'other-window' ? new WebContents() : win.webContents;
  const frame =
    from === 'iframe'
      ? { frameTreeNodeId: 999, parent: sender.mainFrame, url: sender.mainFrame.url }
      : { ...sender.mainFrame, url: from === 'foreign-page' ? 'https://evil.example/' : sender.mainFrame.url };
  return { sender, senderFrame: frame, processId: 1, frameId: 1 };
}

const commands = {
  async state() {
    const win = state.windows[0];
    return {
      channels: [...state.handlers.keys()],
      schemes: state.schemes.map((s) => s.scheme),
      locked: state.locked,
      userData: state.paths.userData,
      url: win?.url,
      webPreferences: win?.options.webPreferences,
      windows: state.windows.length,
      utilities: state.utilities,
    };
  },
  async invoke({ channel, req, from = 'main-frame' }) {
    const handler = state.handlers.get(channel);
    if (!handler) return { noHandler: true };
    return handler(ipcEvent(from), req);
  },
  async fetch({ url, headers = {} }) {
    const handler = state.protocols.get(new URL(url).protocol.slice(0, -1));
    const res = await handler(new Request(url, { headers }));
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  },
  async windowOpen({ url }) {
    const before = state.opened.length;
    const result = state.windows[0].webContents.windowOpenHandler({ url });
    await new Promise((r) => setTimeout(r, 10));
    return { action: result.action, opened: state.opened.slice(before) };
  },
  async navigate({ url }) {
    const before = state.opened.length;
    const event = new FakeEvent({ url });
    state.windows[0].webContents.emit('will-navigate', event);
    await new Promise((r) => setTimeout(r, 10));
    return { prevented: event.defaultPrevented, opened: state.opened.slice(before) };
  },
  async permission({ permission, url }) {
    return new Promise((resolve) =>
      state.permissionRequest(state.windows[0].webContents, permission, resolve, {
        requestingUrl: url,
        isMainFrame: true,
      }),
    );
  },
  async quit() {
    app.quit();
    return true;
  },
};

process.on('message', async (msg) => {
  try {
    report({ type: 'reply', id: msg.id, value: await commands[msg.cmd](msg) });
  } catch (e) {
    report({ type: 'reply', id: msg.id, error: e instanceof Error ? e.stack : String(e) });
  }
});
// Never outlive the test process.
process.on('disconnect', () => process.exit(1));
