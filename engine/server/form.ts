// Request bodies: multipart/form-data and application/x-www-form-urlencoded (multipart.ts: the file streams
// to disk) and, for convenience, a JSON object, read whole but no larger than the fields a form may send
// before its key. Errors are EngineErrors with the protocol's codes.
import type { IncomingMessage } from 'node:http';
import { EngineError, ErrorCodes } from '../errors.ts';
import { PRE_AUTH_FIELD_BYTES, readBusboy, type FormLimits, type ParsedForm } from './multipart.ts';

export type { FormLimits, ParsedForm } from './multipart.ts';

export const first = (form: ParsedForm, name: string): string | undefined => form.fields.get(name)?.[0];

export async function readForm(req: IncomingMessage, limits: FormLimits): Promise<ParsedForm> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    return readBusboy(req, limits);
  }
  // A JSON body holds its key inside, so all of it is read before the key: no more than the fields a form
  // may send before its key. Any other type may have no body at all.
  const json = type.startsWith('application/json');
  const unsupported = () =>
    new EngineError(
      ErrorCodes.PARAM_ERROR,
      `Unsupported Content-Type "${type || 'none'}": send multipart/form-data or application/x-www-form-urlencoded`,
    );
  const body = await readSmallBody(req, json ? JSON_MAX_BYTES : 0, json ? jsonTooLarge : unsupported);
  const fields = new Map<string, string[]>();
  if (body.trim() === '') return { fields, file: null };
  if (!json) throw unsupported();
  let obj: unknown;
  try {
    obj = JSON.parse(body);
  } catch {
    throw new EngineError(ErrorCodes.PARAM_ERROR, 'The JSON body is not valid JSON');
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
    throw new EngineError(ErrorCodes.PARAM_ERROR, 'The JSON body must be an object');
  for (const [k, v] of Object.entries(obj)) {
    const values = Array.isArray(v) ? v : [v];
    fields.set(
      k,
      values.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))),
    );
  }
  return { fields, file: null };
}

/** A JSON body's limit: the bytes of fields a form may send before its key. */
const JSON_MAX_BYTES = PRE_AUTH_FIELD_BYTES;
const jsonTooLarge = (): EngineError =>
  new EngineError(
    ErrorCodes.PARAM_ERROR,
    `The JSON body is larger than ${JSON_MAX_BYTES / 1024} KiB: send larger requests as multipart/form-data with api_key first`,
  );

/** The body as text, refused (with `tooLarge()`) past `max` bytes: at once when Content-Length says so. */
function readSmallBody(req: IncomingMessage, max: number, tooLarge: () => EngineError): Promise<string> {
  return new Promise((resolve, reject) => {
    const refuse = (): void => {
      req.removeAllListeners('data');
      req.resume();
      reject(tooLarge());
    };
    if (Number(req.headers['content-length'] ?? 0) > max) return refuse();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) refuse();
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
