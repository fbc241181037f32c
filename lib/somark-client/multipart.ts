// multipart/form-data bodies built as a stream: text fields first, then the file part read from disk
// in chunks (a 200 MB PDF is never held in memory). The length is known up front (Content-Length).
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isAbortError, LocalFileError } from '../../shared/service-errors.ts';

export type FormFields = ReadonlyArray<readonly [name: string, value: string]>;

export interface FilePart {
  field: string;
  path: string;
  /** Name sent to the service; its extension matters there. */
  fileName: string;
  contentType: string;
  /** Bytes expected (from stat); a file that changes size while uploading fails the upload. */
  size: number;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  /** A fresh stream of the body each time it is called (retries re-read the file). */
  open(onBytes?: (sent: number, total: number) => void, signal?: AbortSignal): AsyncIterable<Uint8Array>;
}

/** Header value quoting for names (RFC 7578 §4.2: percent-encode ", CR and LF). */
const quote = (s: string): string => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

export function multipartBody(fields: FormFields, file: FilePart | null): MultipartBody {
  const boundary = `----DocParse${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`, 'utf8'),
  );
  const fileHead = file
    ? Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.fileName)}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      )
    : null;
  const tail = Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`, 'utf8');
  const head = Buffer.concat([...parts, ...(fileHead ? [fileHead] : [])]);
  const length = head.length + (file?.size ?? 0) + tail.length;

  async function* open(
    onBytes?: (sent: number, total: number) => void,
    signal?: AbortSignal,
  ): AsyncGenerator<Uint8Array> {
    let sent = 0;
    const report = (n: number): void => {
      sent += n;
      onBytes?.(sent, length);
    };
    yield head;
    report(head.length);
    if (file) {
      let read = 0;
      const stream = createReadStream(file.path, { highWaterMark: 64 * 1024, signal });
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          read += chunk.length;
          if (read > file.size) throw new LocalFileError(`${file.fileName} grew while it was being uploaded`);
          yield chunk;
          report(chunk.length);
        }
      } catch (e) {
        if (e instanceof LocalFileError || isAbortError(e)) throw e;
        throw new LocalFileError(`cannot read ${file.fileName}: ${(e as Error).message}`);
      } finally {
        stream.destroy();
      }
      if (read !== file.size) throw new LocalFileError(`${file.fileName} shrank while it was being uploaded`);
    }
    yield tail;
    report(tail.length);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, open };
}

/** application/x-www-form-urlencoded body for the small calls (async_check, usage). */
export function urlEncoded(fields: FormFields): { contentType: string; body: Buffer } {
  const p = new URLSearchParams();
  for (const [k, v] of fields) p.append(k, v);
  return { contentType: 'application/x-www-form-urlencoded', body: Buffer.from(p.toString(), 'utf8') };
}

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webp': 'image/webp',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
export const mimeForExt = (ext: string): string => MIME[ext.toLowerCase()] ?? 'application/octet-stream';
