// `node --import ./ipc-fake-electron-register.mjs main.js`: resolves 'electron' to the stand-in module.
import { registerHooks } from 'node:module';

const fake = new URL('./ipc-fake-electron.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: fake, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
