// A rewrite of the PP-OCR ONNX graphs as they are loaded: their hard-swish activations were exported as four
// element-wise nodes, x · Clip(x + 3, 0, 6) / 6, each of which makes onnxruntime convert the tensor out of
// and back into its blocked convolution layout (a third of the recogniser's time). They become the same
// function in two nodes, x · HardSigmoid(x; α = 1/6, β = 0.5), which onnxruntime fuses and keeps blocked.
// Protobuf is read and written at the wire level (ModelProto.graph = 7, GraphProto.node = 1; NodeProto:
// input 1, output 2, name 3, op_type 4, attribute 5); everything else is copied byte for byte.

interface Field {
  f: number;
  wt: number;
  v: number;
  vs: number;
  ve: number;
  start: number;
  end: number;
}

function fields(buf: Uint8Array, start = 0, end = buf.length): Field[] {
  const out: Field[] = [];
  let p = start;
  const varint = (): number => {
    let r = 0,
      s = 1;
    for (;;) {
      const b = buf[p++];
      r += (b & 0x7f) * s;
      s *= 128;
      if (!(b & 0x80)) return r;
    }
  };
  while (p < end) {
    const at = p,
      key = varint(),
      f = Math.floor(key / 8),
      wt = key & 7;
    let v = 0,
      vs = p,
      ve = p;
    if (wt === 0) v = varint();
    else if (wt === 2) {
      const n = varint();
      vs = p;
      ve = p = p + n;
    } else if (wt === 5 || wt === 1) {
      vs = p;
      ve = p = p + (wt === 5 ? 4 : 8);
    } else throw new Error(`unexpected protobuf wire type ${wt}`);
    out.push({ f, wt, v, vs, ve, start: at, end: p });
  }
  return out;
}

const text = new TextDecoder(),
  utf8 = new TextEncoder();

function varintBytes(n: number): number[] {
  const out: number[] = [];
  while (n >= 128) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

/** A length-delimited field. */
function lenField(f: number, body: Uint8Array): Uint8Array {
  const head = [...varintBytes(f * 8 + 2), ...varintBytes(body.length)];
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

interface Node {
  op: string;
  ins: string[];
  outs: string[];
  bytes: Uint8Array;
  value?: number;
}

/** A node; for a Constant holding one float, that float. */
function nodeOf(buf: Uint8Array, fl: Field): Node {
  const fs = fields(buf, fl.vs, fl.ve),
    s = (x: Field) => text.decode(buf.subarray(x.vs, x.ve));
  const node: Node = {
    op: s(fs.find((x) => x.f === 4)!),
    ins: fs.filter((x) => x.f === 1).map(s),
    outs: fs.filter((x) => x.f === 2).map(s),
    bytes: buf.subarray(fl.start, fl.end),
  };
  if (node.op === 'Constant') {
    // AttributeProto.t = 5 (TensorProto: float_data 4, raw_data 9).
    const t = fs
      .filter((x) => x.f === 5)
      .flatMap((a) => fields(buf, a.vs, a.ve))
      .find((x) => x.f === 5);
    const tf = t ? fields(buf, t.vs, t.ve) : [];
    const data = tf.find((x) => x.f === 9 || x.f === 4);
    if (data && data.ve - data.vs === 4)
      node.value = new DataView(buf.buffer, buf.byteOffset + data.vs, 4).getFloat32(0, true);
  }
  return node;
}

function nodeBytes(op: string, ins: string[], outs: string[], attrs: Uint8Array[] = []): Uint8Array {
  const str = (f: number, s: string) => lenField(f, utf8.encode(s));
  return lenField(
    1,
    concat([
      ...ins.map((s) => str(1, s)),
      ...outs.map((s) => str(2, s)),
      str(4, op),
      ...attrs.map((a) => lenField(5, a)),
    ]),
  );
}

/** AttributeProto { name 1, f 2 (float), type 20 = FLOAT }. */
function floatAttr(name: string, v: number): Uint8Array {
  const f = new Uint8Array(5);
  f[0] = (2 << 3) | 5;
  new DataView(f.buffer).setFloat32(1, v, true);
  return concat([lenField(1, utf8.encode(name)), f, new Uint8Array([160, 1, 1])]);
}

/** The model with its hard-swish chains rewritten (see above); the same bytes when it has none. */
export function fuseHardSwish(model: Uint8Array): Uint8Array {
  const top = fields(model),
    g = top.find((x) => x.f === 7);
  if (!g) return model;
  const gf = fields(model, g.vs, g.ve);
  const nodes = gf.filter((x) => x.f === 1).map((x) => nodeOf(model, x));
  const consts = new Map<string, number>(),
    uses = new Map<string, Node[]>();
  for (const n of nodes) {
    if (n.value !== undefined) consts.set(n.outs[0], n.value);
    for (const i of n.ins) uses.set(i, [...(uses.get(i) ?? []), n]);
  }
  // Graph outputs (GraphProto.output = 12, ValueInfoProto.name = 1) are never a chain's middle.
  const outputs = new Set(
    gf
      .filter((x) => x.f === 12)
      .flatMap((x) => fields(model, x.vs, x.ve))
      .filter((y) => y.f === 1)
      .map((y) => text.decode(model.subarray(y.vs, y.ve))),
  );
  /** The one node reading `name`, when it is an `op`. */
  const only = (name: string, op: string): Node | null => {
    const u = uses.get(name);
    return u?.length === 1 && u[0].op === op && !outputs.has(name) ? u[0] : null;
  };
  const drop = new Set<Node>(),
    replace = new Map<Node, Uint8Array>();
  for (const add of nodes) {
    if (add.op !== 'Add' || consts.get(add.ins[1]) !== 3) continue;
    const x = add.ins[0],
      clip = only(add.outs[0], 'Clip');
    if (!clip || consts.get(clip.ins[1]) !== 0 || consts.get(clip.ins[2]) !== 6) continue;
    const mul = only(clip.outs[0], 'Mul');
    if (!mul?.ins.includes(x)) continue;
    const div = only(mul.outs[0], 'Div');
    if (!div || consts.get(div.ins[1]) !== 6) continue;
    const gate = `${div.outs[0]}_hardsigmoid`;
    drop.add(add).add(clip).add(mul);
    replace.set(
      div,
      concat([
        nodeBytes('HardSigmoid', [x], [gate], [floatAttr('alpha', 1 / 6), floatAttr('beta', 0.5)]),
        nodeBytes('Mul', [x, gate], div.outs),
      ]),
    );
  }
  if (!replace.size) return model;
  // The chains' constants (3, 0, 6, 6), now used by no node: onnxruntime would warn of each.
  const needed = new Set(nodes.filter((n) => !drop.has(n) && !replace.has(n)).flatMap((n) => n.ins));
  for (const n of nodes) if (n.op === 'Constant' && !needed.has(n.outs[0]) && uses.has(n.outs[0])) drop.add(n);
  let k = 0;
  const graph = concat(
    gf.map((x) => {
      if (x.f !== 1) return model.subarray(x.start, x.end);
      const n = nodes[k++];
      return drop.has(n) ? new Uint8Array(0) : (replace.get(n) ?? n.bytes);
    }),
  );
  return concat(top.map((x) => (x.f === 7 ? lenField(7, graph) : model.subarray(x.start, x.end))));
}
