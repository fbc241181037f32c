// The parent test's remote control of main under the stand-in 'electron' module: over the child-process IPC
// channel it asks for main's state, invokes a channel as some frame, fetches from a protocol, opens a
// window, navigates, asks for a permission, or quits; the child never outlives the test process.
import { FakeEvent, report, state, WebContents } from './ipc-fake-electron-state.mjs';

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

let quitApp = () => {};

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
    quitApp();
    return true;
  },
};

/** Answers the parent test's commands; `app` is the stand-in's, for quit. */
export function startDriver(app) {
  quitApp = () => app.quit();
  process.on('message', async (msg) => {
    try {
      report({ type: 'reply', id: msg.id, value: await commands[msg.cmd](msg) });
    } catch (e) {
      report({ type: 'reply', id: msg.id, error: e instanceof Error ? e.stack : String(e) });
    }
  });
  // Never outlive the test process.
  process.on('disconnect', () => process.exit(1));
}
