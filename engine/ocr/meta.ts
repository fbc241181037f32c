// Reads an ONNX model's metadata_props (key → value) with a minimal protobuf walk: PP-OCR models carry
// their character dictionary there under the key "character".

function varint(b: Uint8Array, p: number): [number, number] {
  let r = 0,
    mul = 1;
  for (;;) {
    const x = b[p++];
    r += (x & 0x7f) * mul;
    if (!(x & 0x80)) return [r, p];
    mul *= 128;
  }
}

const utf8 = new TextDecoder();

/** ModelProto field 14 (metadata_props: StringStringEntryProto {1: key, 2: value}) as a record. */
function onnxMetadata(buf: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  let p = 0;
  while (p < buf.length) {
    let tag: number;
    [tag, p] = varint(buf, p);
    const field = Math.floor(tag / 8),
      wire = tag & 7;
    if (wire === 0) [, p] = varint(buf, p);
    else if (wire === 1) p += 8;
    else if (wire === 5) p += 4;
    else if (wire === 2) {
      let len: number;
      [len, p] = varint(buf, p);
      if (field === 14) {
        let q = p,
          key = '',
          val = '';
        while (q < p + len) {
          let t: number, l: number;
          [t, q] = varint(buf, q);
          [l, q] = varint(buf, q);
          const s = utf8.decode(buf.subarray(q, q + l));
          if (t >> 3 === 1) key = s;
          else val = s;
          q += l;
        }
        out[key] = val;
      }
      p += len;
    } else throw new Error(`not an ONNX model (protobuf wire type ${wire})`);
  }
  return out;
}

/** The recognition classes of a PP-OCR rec model: blank, the dictionary, and the space when the model has it. */
export function recClasses(model: Uint8Array): string[] {
  const chars = (onnxMetadata(model).character ?? '').split('\n');
  while (chars.length && chars[chars.length - 1] === '') chars.pop();
  if (!chars.length) throw new Error('the recognition model carries no character dictionary');
  return ['', ...chars];
}
