// One request parser per invoke channel, in a record the compiler keeps complete (a channel missing
// here is a compile error, as for the allowlists): a handler only ever sees a request of its contract type.
import type { InvokeChannel, Req } from '../../../shared/ipc-contract.ts';
import type { BatchExportRequest, ExportFormat, ExportRequest } from '../../../shared/export.ts';
import { assertUpdate } from '../settings/validate.ts';
import {
  idList,
  idOf,
  invalid,
  none,
  oneOf,
  optional,
  pathList,
  pathOpt,
  record,
  submitOptions,
  taskId,
  text,
} from './parse.ts';

export type RequestParsers = { [K in InvokeChannel]: (req: unknown) => Req<K> };

const FORMATS: readonly ExportFormat[] = ['markdown', 'json', 'zip'];

const images = (v: unknown): 'folder' | 'inline' | undefined =>
  optional(v, (x) => oneOf(x, ['folder', 'inline'] as const, 'images must be "folder" or "inline"'));

function exportRequest(req: unknown): ExportRequest {
  const r = record(req);
  const id = taskId(r.id);
  const format = oneOf(r.format, FORMATS, 'format must be markdown, json or zip');
  if (r.overwrite !== undefined && typeof r.overwrite !== 'boolean') invalid('overwrite must be true or false');
  const json = optional(r.json, (x) =>
    oneOf(x, ['service', 'self-contained'] as const, 'json must be "service" or "self-contained"'),
  );
  return {
    id,
    format,
    images: images(r.images),
    destPath: pathOpt(r.destPath, 'destPath'),
    overwrite: r.overwrite === true,
    json: json ?? 'self-contained',
  };
}

function batchRequest(req: unknown): BatchExportRequest {
  const r = record(req);
  const formats = Array.isArray(r.formats) ? r.formats : invalid('formats must be a list');
  const checked = formats.map((f) => oneOf(f, FORMATS, 'formats may only hold markdown, json and zip'));
  const destDir = pathOpt(r.destDir, 'destDir') ?? invalid('destDir must be a folder path');
  return { ids: idList(r.ids), formats: checked, destDir, images: images(r.images) };
}

/** Accepted dialog filters: extensions with the dot, at most 40; anything else is dropped. */
function extensions(req: unknown): string[] | undefined {
  const list = typeof req === 'object' && req !== null && 'extensions' in req ? req.extensions : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter((e): e is string => typeof e === 'string' && /^\.[a-z0-9]{1,8}$/i.test(e)).slice(0, 40);
}

/** A task id and, for a protected PDF, its password (at most 1024 chars; '' counts as none). */
function withPassword(req: unknown): { id: string; password?: string } {
  const password = record(req).password;
  if (password !== undefined && (typeof password !== 'string' || password.length > 1024))
    invalid('password must be a string');
  return { id: idOf(req).id, password: typeof password === 'string' && password !== '' ? password : undefined };
}

export const requests: RequestParsers = {
  'app:ready': none,
  'settings:get': none,
  'settings:set': (req) => {
    const patch = record(req);
    assertUpdate(patch);
    return patch;
  },
  'key:status': none,
  'key:set': (req) => {
    const r = record(req);
    return { apiKey: text(r.apiKey, 'apiKey must be a string'), sessionOnly: r.sessionOnly === true };
  },
  'key:clear': none,
  'connection:test': (req) => {
    const r = req === undefined || req === null ? {} : record(req);
    const backend = optional(r.backend, (b) =>
      oneOf(b, ['local', 'cloud'] as const, 'backend must be "local" or "cloud"'),
    );
    return { backend, baseUrl: typeof r.baseUrl === 'string' ? r.baseUrl : undefined };
  },
  'files:import': (req) => {
    const r = typeof req === 'object' && req !== null ? req : {};
    const name = 'name' in r ? r.name : undefined;
    const bytes = 'bytes' in r ? r.bytes : undefined;
    if (typeof name !== 'string' || !(bytes instanceof Uint8Array))
      return invalid('files:import needs a file name and its bytes');
    return { name, bytes };
  },
  'tasks:submit': (req) => {
    const r = record(req);
    const paths = pathList(r.paths);
    const duplicates = optional(r.duplicates, (d) =>
      oneOf(d, ['add', 'ask'] as const, 'duplicates must be "add" or "ask"'),
    );
    return { paths, options: submitOptions(r.options), duplicates };
  },
  'tasks:list': none,
  'tasks:cancel': idOf,
  'tasks:retry': withPassword,
  'tasks:remove': idOf,
  'tasks:rerun': (req) => {
    const r = record(req);
    return { id: taskId(r.id), options: submitOptions(r.options) ?? {} };
  },
  'results:get': idOf,
  'results:pages': withPassword,
  'results:sameFile': idOf,
  // The blocks themselves are checked against the result by results/versions.ts (shared/edit/version.ts).
  'results:saveVersion': (req) => {
    const r = record(req);
    const pages = Array.isArray(r.pages) ? r.pages : invalid('pages must be a list of page edits');
    return { id: taskId(r.id), pages, ...(r.imagesFrom === undefined ? {} : { imagesFrom: taskId(r.imagesFrom) }) };
  },
  'history:list': (req) => {
    const query = req === undefined || req === null ? undefined : record(req).query;
    if (query !== undefined && (typeof query !== 'string' || query.length > 500))
      invalid('query must be text (at most 500 characters)');
    return { query: typeof query === 'string' ? query : undefined };
  },
  'history:delete': (req) => ({ ids: idList(record(req).ids) }),
  'history:clear': none,
  'storage:usage': none,
  'export:task': exportRequest,
  'export:batch': batchRequest,
  'export:compare': (req) => {
    const r = record(req);
    const format = oneOf(r.format, ['markdown', 'json'] as const, 'format must be markdown or json');
    if (r.overwrite !== undefined && typeof r.overwrite !== 'boolean') invalid('overwrite must be true or false');
    return {
      a: taskId(r.a),
      b: taskId(r.b),
      format,
      destPath: pathOpt(r.destPath, 'destPath'),
      overwrite: r.overwrite === true,
    };
  },
  'dialog:saveFile': (req) => ({ defaultName: String(record(req).defaultName ?? 'export') }),
  'dialog:pickFolder': none,
  'dialog:openFiles': (req) => ({ extensions: extensions(req) }),
};
