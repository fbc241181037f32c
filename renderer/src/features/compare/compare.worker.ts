// Compares two results' JSON off the main thread, so the page draws while 25,000 blocks a side are matched.
import { compareResults } from '../../../../shared/compare/summary.ts';
import type { JsonOutput } from '../../../../shared/somark.ts';

self.onmessage = (e: MessageEvent<{ a: JsonOutput | null; b: JsonOutput | null }>) => {
  self.postMessage(compareResults(e.data.a, e.data.b));
};
