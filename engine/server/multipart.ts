// multipart/form-data and url-encoded bodies through busboy: fields as they come (the api_key checked the moment
// it arrives, so nothing grows before auth), the one file part streamed to disk under uploadsDir (never wholly
// into memory) once the caller's upload gate lets it, and the upload stopped as soon as it passes maxBytes.
// Errors are EngineErrors with the protocol's codes.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { EngineError, ErrorCodes } from '../errors.ts';
import { randomHex32 } from '../../lib/atomic.ts';

interface UploadedFile {
  path: string;
  fileName: string;
  size: number;
}

export interface ParsedForm {
  fields: Map<string, string[]>;
  file: UploadedFile | null;
}

export interface FormLimits {
  uploadsDir: string;
  maxBytes: number;
  /** Checks the key the moment the api_key field arrives (throws an EngineError to refuse at once).
   *  Until a key passed, fields may hold only PRE_AUTH_FIELD_BYTES, so nothing grows before auth. */
  checkKey?: (key: string | undefined) => void;
  /** True when no key is needed (fields are then never "before auth"). */
  open?: boolean;
  /** Called when the file part starts, before any byte is stored; `authed` says whether a key passed.
   *  Resolves (possibly later: the part waits, unread) with a callback that releases the slot. */
  beforeFile?: (authed: boolean) => Promise<() => void>;
}

/** Form limits: a field value (feature_config is the largest, a few KB), fields per request, and the
 *  field bytes a request may send before its key passed. */
const FIELD_MAX_BYTES = 256 * 1024;
const MAX_FIELDS = 64;
export const PRE_AUTH_FIELD_BYTES = 64 * 1024;

const MB = 1024 * 1024;
const fmtSize = (n: number): string => (n >= MB ? `${Math.round((n / MB) * 10) / 10} MB` : `${n} bytes`);

function tooLarge(maxBytes: number): EngineError {
  return new EngineError(ErrorCodes.TOO_LARGE, `The file is larger than the limit of ${fmtSize(maxBytes)}`);
}

export function readBusboy(req: IncomingMessage, limits: FormLimits): Promise<ParsedForm> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string[]>();
    let file: UploadedFile | null = null;
    let writing: Promise<void> = Promise.resolve();
    let failed = false;
    let authed = limits.open === true || !limits.checkKey;
    let fieldBytes = 0;
    let sawFile = false;
    let release: (() => void) | undefined;
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxBytes, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES, parts: MAX_FIELDS + 2 },
      });
    } catch (e) {
      reject(new EngineError(ErrorCodes.PARAM_ERROR, `Malformed request: ${e instanceof Error ? e.message : e}`));
      req.resume();
      return;
    }
    const done = (): void => {
      release?.();
      release = undefined;
    };
    const fail = (err: EngineError): void => {
      if (failed) return;
      failed = true;
      done();
      req.unpipe(bb);
      req.resume(); // discard the rest of the body
      const path = file?.path;
      void writing.finally(() => (path ? rm(path, { force: true }) : undefined)).catch(() => undefined);
      reject(err);
    };
    const refuse = (e: unknown): void =>
      fail(e instanceof EngineError ? e : new EngineError(ErrorCodes.PARAM_ERROR, String(e)));
    const malformed = (e: Error): void =>
      fail(new EngineError(ErrorCodes.PARAM_ERROR, `Malformed form body: ${e.message}`));
    bb.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated)
        return fail(
          new EngineError(
            ErrorCodes.PARAM_ERROR,
            `The field "${name.slice(0, 40)}" is larger than ${fmtSize(FIELD_MAX_BYTES)}`,
          ),
        );
      fieldBytes += name.length + value.length;
      if (name === 'api_key' && !authed) {
        try {
          limits.checkKey!(value);
          authed = true;
        } catch (e) {
          return refuse(e);
        }
      }
      if (!authed && fieldBytes > PRE_AUTH_FIELD_BYTES) {
        return fail(
          new EngineError(ErrorCodes.INVALID_KEY, 'Missing API key: send the form field api_key before large fields'),
        );
      }
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    bb.on('fieldsLimit', () =>
      fail(new EngineError(ErrorCodes.PARAM_ERROR, `Too many form fields (more than ${MAX_FIELDS})`)),
    );
    bb.on('partsLimit', () =>
      fail(new EngineError(ErrorCodes.PARAM_ERROR, `Too many form parts (more than ${MAX_FIELDS + 2})`)),
    );
    bb.on('file', (name, stream, info) => {
      // Every part stream gets an error handler, skipped ones too: a body that ends mid-part makes
      // busboy destroy each open stream with an error, which would otherwise end the process.
      stream.on('error', malformed);
      if (name !== 'file' || sawFile || failed) {
        stream.resume();
        return;
      }
      sawFile = true;
      const gate = limits.beforeFile?.(authed) ?? Promise.resolve(() => undefined);
      writing = gate.then((free) => {
        release = free;
        if (!failed) return storeFile(stream, info.filename);
        done();
        stream.resume();
      });
    });
    const storeFile = (stream: Readable, filename: string | undefined): Promise<void> => {
      const path = join(limits.uploadsDir, `${randomHex32()}.upload`);
      const upload: UploadedFile = {
        path,
        fileName: basename((filename ?? '').replace(/\\/g, '/')) || 'file',
        size: 0,
      };
      file = upload;
      const out = createWriteStream(path);
      stream.on('error', () => out.destroy()); // the partial file is removed by fail()
      stream.on('data', (c: Buffer) => (upload.size += c.length));
      stream.on('limit', () => {
        stream.unpipe(out);
        out.destroy();
        fail(tooLarge(limits.maxBytes));
      });
      stream.pipe(out);
      return new Promise<void>((res, rej) => {
        out.on('close', res);
        out.on('error', rej);
      });
    };
    bb.on('error', malformed);
    bb.on('close', () => {
      if (failed) return;
      writing.then(
        () => {
          done();
          resolve({ fields, file });
        },
        (e: Error) => fail(new EngineError(ErrorCodes.PROCESSING_FAILED, `Could not store the upload: ${e.message}`)),
      );
    });
    const aborted = (): void => fail(new EngineError(ErrorCodes.PARAM_ERROR, 'The upload was aborted by the client'));
    req.on('aborted', aborted);
    req.on('error', aborted);
    req.pipe(bb);
  });
}
