// Page count of a TIFF at intake, without an image library: the chain of image file directories (IFDs),
// classic and BigTIFF, little and big endian, read from the file a few bytes at a time. The engine reads
// each directory as one page (a multi-page TIFF is a document of images), so the queue row says the same
// from the start instead of "1 p." then "0/2".
import { open } from 'node:fs/promises';

/** More directories than any real scan has: a loop or garbage ends the walk here. */
const MAX_IFDS = 10_000;

/** The number of IFDs, or null when the file is not a readable TIFF. */
export async function countTiffPages(path: string): Promise<number | null> {
  const fh = await open(path, 'r').catch(() => null);
  if (!fh) return null;
  try {
    const size = (await fh.stat()).size;
    const read = async (at: number, n: number): Promise<Buffer | null> => {
      if (at < 0 || at + n > size) return null;
      const b = Buffer.alloc(n);
      const { bytesRead } = await fh.read(b, 0, n, at);
      return bytesRead === n ? b : null;
    };
    const head = await read(0, 16);
    if (!head) return null;
    const le = head.toString('latin1', 0, 2) === 'II';
    if (!le && head.toString('latin1', 0, 2) !== 'MM') return null;
    const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
    const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
    const u64 = (b: Buffer, o: number) => Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o));
    const magic = u16(head, 2);
    const big = magic === 43;
    if (magic !== 42 && !big) return null;
    let next = big ? u64(head, 8) : u32(head, 4);
    const seen = new Set<number>();
    let count = 0;
    while (next !== 0 && count < MAX_IFDS && !seen.has(next)) {
      seen.add(next);
      const nb = await read(next, big ? 8 : 2);
      if (!nb) break;
      const entries = big ? u64(nb, 0) : u16(nb, 0);
      const entrySize = big ? 20 : 12;
      const linkAt = next + (big ? 8 : 2) + entries * entrySize;
      const link = await read(linkAt, big ? 8 : 4);
      count++;
      if (!link) break;
      next = big ? u64(link, 0) : u32(link, 0);
    }
    return count > 0 ? count : null;
  } finally {
    await fh.close();
  }
}
