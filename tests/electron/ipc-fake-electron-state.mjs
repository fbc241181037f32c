// What the stand-in 'electron' module (ipc-fake-electron.mjs) records of main (handlers, protocols,
// windows, permission handlers, utility processes), the report channel to the parent test, and the
// events and web contents it hands main.
import { EventEmitter } from 'node:events';

export const state = {
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
export const report = (msg) => process.send?.(msg);

export class FakeEvent {
  constructor(props = {}) {
    Object.assign(this, props);
    this.defaultPrevented = false;
  }
  preventDefault() {
    this.defaultPrevented = true;
  }
}

let nextId = 1;
export class WebContents extends EventEmitter {
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
