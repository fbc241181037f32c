// TEDS (tree-edit-distance similarity, as PubTabNet's): the table HTML as a tree table > tr > td, the
// Zhang–Shasha edit distance between two such trees, and 1 - distance / max(node counts). Inserting or
// deleting a node costs 1; renaming costs 1 between different tags or cells with different spans, else the
// normalised edit distance of the two cells' text. thead/tbody are dropped and th is read as td.

export interface TNode {
  tag: string;
  colspan: number;
  rowspan: number;
  text: string;
  children: TNode[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const attr = (attrs: string, name: string) =>
  Number(new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs)?.[1] ?? 1);

/** The first table of an HTML string as a tree (null when there is none). */
export function tableTree(html: string): TNode | null {
  let root: TNode | null = null,
    row: TNode | null = null,
    cell: TNode | null = null;
  const re = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (let m: RegExpExecArray | null; (m = re.exec(html)); ) {
    if (m[4] !== undefined) {
      if (cell) cell.text += m[4].replace(/&(#?\w+);/g, (e, n: string) => ENTITIES[n] ?? e);
      continue;
    }
    const close = m[1] === '/',
      tag = m[2].toLowerCase();
    if (tag === 'table') {
      if (close && root) break;
      if (!close && !root) root = { tag: 'table', colspan: 1, rowspan: 1, text: '', children: [] };
    } else if (tag === 'tr' && root) {
      if (close) row = null;
      else root.children.push((row = { tag: 'tr', colspan: 1, rowspan: 1, text: '', children: [] }));
    } else if ((tag === 'td' || tag === 'th') && root) {
      if (close) {
        cell = null;
        continue;
      }
      if (!row) root.children.push((row = { tag: 'tr', colspan: 1, rowspan: 1, text: '', children: [] }));
      row.children.push(
        (cell = { tag: 'td', colspan: attr(m[3], 'colspan'), rowspan: attr(m[3], 'rowspan'), text: '', children: [] }),
      );
    } else if (tag === 'br' && cell) cell.text += ' ';
  }
  for (const r of root?.children ?? []) for (const c of r.children) c.text = c.text.replace(/\s+/g, ' ').trim();
  return root;
}

/** Normalised Levenshtein distance of two strings (code points), 0..1. */
export function textDistance(a: string, b: string): number {
  const A = Array.from(a),
    B = Array.from(b);
  if (!A.length && !B.length) return 0;
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (A[i - 1] === B[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[B.length] / Math.max(A.length, B.length);
}

function rename(a: TNode, b: TNode): number {
  if (a.tag !== b.tag) return 1;
  if (a.tag !== 'td') return 0;
  if (a.colspan !== b.colspan || a.rowspan !== b.rowspan) return 1;
  return textDistance(a.text, b.text);
}

/** Post-order nodes, leftmost-leaf index of each, and the keyroots of a tree. */
function index(t: TNode) {
  const nodes: TNode[] = [],
    lml: number[] = [];
  const walk = (n: TNode): number => {
    let first = -1;
    for (const c of n.children) {
      const l = walk(c);
      if (first < 0) first = l;
    }
    nodes.push(n);
    lml.push(first < 0 ? nodes.length - 1 : first);
    return lml[lml.length - 1];
  };
  walk(t);
  const keyroots: number[] = [];
  for (let i = 0; i < nodes.length; i++) if (!lml.slice(i + 1).includes(lml[i])) keyroots.push(i);
  return { nodes, lml, keyroots };
}

/** Zhang–Shasha tree edit distance. */
export function treeDistance(a: TNode, b: TNode): number {
  const A = index(a),
    B = index(b);
  const td = A.nodes.map(() => new Float64Array(B.nodes.length));
  for (const i of A.keyroots)
    for (const j of B.keyroots) {
      const li = A.lml[i],
        lj = B.lml[j],
        m = i - li + 2,
        n = j - lj + 2;
      const fd = Array.from({ length: m }, () => new Float64Array(n));
      for (let x = 1; x < m; x++) fd[x][0] = fd[x - 1][0] + 1;
      for (let y = 1; y < n; y++) fd[0][y] = fd[0][y - 1] + 1;
      for (let x = 1; x < m; x++)
        for (let y = 1; y < n; y++) {
          const ai = li + x - 1,
            bj = lj + y - 1;
          if (A.lml[ai] === li && B.lml[bj] === lj) {
            fd[x][y] = Math.min(
              fd[x - 1][y] + 1,
              fd[x][y - 1] + 1,
              fd[x - 1][y - 1] + rename(A.nodes[ai], B.nodes[bj]),
            );
            td[ai][bj] = fd[x][y];
          } else {
            fd[x][y] = Math.min(fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[A.lml[ai] - li][B.lml[bj] - lj] + td[ai][bj]);
          }
        }
    }
  return td[A.nodes.length - 1][B.nodes.length - 1];
}

const count = (t: TNode): number => 1 + t.children.reduce((s, c) => s + count(c), 0);

/** TEDS of two table HTML strings, 0..1 (0 when either has no table). */
export function teds(truth: string, got: string): number {
  const a = tableTree(truth),
    b = tableTree(got);
  if (!a || !b) return 0;
  return 1 - treeDistance(a, b) / Math.max(count(a), count(b));
}
