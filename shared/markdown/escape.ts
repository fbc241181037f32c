// The one escaper of document text on its way into Markdown and HTML, for every reader (PDF, OCR, Word, Excel,
// PowerPoint): text never becomes live syntax — no tag, link, image or autolink, no math it did not ask for —
// and stays visible as the author wrote it. LaTeX the engine writes goes through safeTex (the end of the file).

/** Plain text as literal Markdown. Backslashes, closing brackets (so `![x](http://…)` is no image or link: a
 *  link needs an unescaped "]"), backticks, emphasis marks, underscores and dollar signs are escaped; tag-like
 *  "<name>" and autolinks stay visible text. Opening brackets stay bare: "\\[…\\]" would read as TeX display
 *  math in the renderer. NUL (which no document text holds: the Word reader's picture slot) is dropped. */
const escapeText = (s: string): string =>
  s
    .replace(/\0/g, '')
    .replace(/[\\`*_\]$]/g, '\\$&')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;');

/** Text in HTML (table cells). */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An image's alt text: brackets and line breaks become spaces, tag-like "<" is escaped, and so is a backslash
 * that would escape what follows it (punctuation, or the closing bracket at the end). */
export const escapeAlt = (s: string): string =>
  s
    .replace(/[[\]\n]/g, ' ')
    .trim()
    .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;');

/** A footnote label the engine writes: a number, a letter or Roman numeral, a note symbol (Word adds "-n"). */
const NOTE_LABEL = /^[\p{L}\p{N}*∗†‡§¶-]{1,12}$/u;

/** Inline formulas (`$…$`) and footnote references (`[^n]`) the engine wrote into a text are markup: `plain`
 * applies to the text around them only. Text taken from a PDF may look like such markup too, so what is kept
 * is made safe: the formula's LaTeX through safeTex, a reference only with a plain label. */
const ENGINE_MARKUP = /\$[^$\s][^$]*?\$|\[\^[^\]\s]{1,12}\]/g;
function keepMarkup(s: string, plain: (t: string) => string): string {
  let out = '',
    at = 0;
  for (const m of s.matchAll(ENGINE_MARKUP)) {
    const mark = m[0];
    out +=
      plain(s.slice(at, m.index)) +
      (mark[0] === '$' ? inlineTex(mark.slice(1, -1)) : NOTE_LABEL.test(mark.slice(2, -1)) ? mark : plain(mark));
    at = m.index + mark.length;
  }
  return out + plain(s.slice(at));
}

/** Text with the engine's inline markup ($…$, [^n]) as literal Markdown around that markup. */
export const escapeMd = (s: string): string => keepMarkup(s, escapeText);

/** Inline math the engine writes from a formula it read (`$…$`). */
const inlineTex = (tex: string): string => `$${safeTex(tex)}$`;

// LaTeX the engine writes into Markdown ($…$, $$…$$, equation blocks), made safe to render: only commands
// KaTeX sets as math pass (letters, symbols, operators, fonts, structures, the usual environments); any other
// command — \href, \url, \includegraphics, \html…, \def, \newcommand, and anything unknown — is shown as its
// name after a \backslash. A `$` (which would close the math in Markdown) becomes \char36, a `<` that could
// open a tag (in Markdown read without math) gets a space, `](` (a link) too, and a line that opens with `[`
// (a link definition) an empty group first. All of it renders the same in KaTeX. Idempotent.
const WORDS = `
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa varkappa lambda mu nu xi omicron pi varpi
rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi
Omega varGamma varDelta varTheta varLambda varXi varPi varSigma varUpsilon varPhi varPsi varOmega digamma aleph beth
gimel hbar hslash ell wp Re Im partial nabla infty imath jmath emptyset varnothing forall exists nexists neg lnot top
bot angle measuredangle triangle backslash prime surd flat natural sharp clubsuit diamondsuit heartsuit spadesuit
sum prod coprod int iint iiint oint oiint oiiint intop smallint bigcup bigcap bigsqcup bigvee bigwedge bigodot
bigoplus bigotimes biguplus pm mp times div cdot ast star circ bullet setminus cap cup uplus sqcap sqcup vee wedge
oplus ominus otimes oslash odot dagger ddagger amalg wr land lor centerdot dotplus ltimes rtimes
leq le geq ge neq ne equiv approx approxeq cong sim simeq propto prec succ preceq succeq ll gg subset supset
subseteq supseteq nsubseteq sqsubset sqsupset sqsubseteq sqsupseteq in ni notin owns mid nmid parallel nparallel
perp vdash dashv models asymp bowtie doteq lt gt leqslant geqslant lesssim gtrsim nless ngtr nleq ngeq lneq gneq
subsetneq supsetneq triangleq coloneqq eqqcolon therefore because smile frown
to gets leftarrow rightarrow uparrow downarrow leftrightarrow updownarrow Leftarrow Rightarrow Uparrow Downarrow
Leftrightarrow Updownarrow longleftarrow longrightarrow longleftrightarrow Longleftarrow Longrightarrow
Longleftrightarrow mapsto longmapsto implies impliedby iff hookleftarrow hookrightarrow nearrow searrow swarrow
nwarrow rightleftharpoons leftharpoonup rightharpoonup leftharpoondown rightharpoondown leadsto
xrightarrow xleftarrow
ldots cdots vdots ddots dots dotsc dotsb dotsm dotsi lbrace rbrace lbrack rbrack langle rangle lceil rceil lfloor
rfloor vert Vert lvert rvert lVert rVert lgroup rgroup
left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr
frac dfrac tfrac cfrac binom dbinom tbinom sqrt over choose atop
hat widehat check widecheck tilde widetilde bar overline underline vec overrightarrow overleftarrow
overleftrightarrow dot ddot dddot acute grave breve mathring overbrace underbrace overset underset stackrel
mathrm mathbf mathit mathsf mathtt mathcal mathbb mathfrak mathscr mathnormal boldsymbol bm bold Bbb rm bf it sf tt cal
text textrm textbf textit textsf texttt textnormal textup emph operatorname operatornamewithlimits mbox
displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits
sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth arg deg det dim exp gcd hom inf ker lg lim liminf
limsup ln log max min Pr sup mod bmod pmod pod
quad qquad enspace thinspace medspace thickspace negthinspace negmedspace negthickspace space nobreakspace
hspace kern mkern mskip hskip phantom hphantom vphantom smash
tag notag nonumber begin end cr newline hline hdashline cline
boxed cancel bcancel xcancel sout not char
`;
const ALLOWED = new Set(WORDS.split(/\s+/).filter(Boolean));
const ENVIRONMENTS = new Set([
  'matrix',
  'pmatrix',
  'bmatrix',
  'Bmatrix',
  'vmatrix',
  'Vmatrix',
  'smallmatrix',
  'array',
  'cases',
  'dcases',
  'rcases',
  'aligned',
  'alignedat',
  'gathered',
  'split',
  'align',
  'align*',
  'gather',
  'gather*',
  'equation',
  'equation*',
  'subarray',
  'darray',
  'CD',
]);
/** Control symbols: spacing, escaped specials, the row break. */
const SYMBOL_OK = /[,;:!> \\{}|#%&_]/;

const TAG_START = /<(?=[/!?]|[A-Za-z][A-Za-z0-9+.-]*[\s/>:])/g;
const dollars = (s: string): string => s.replace(/\$/g, '\\char36 ');

/** The LaTeX with every command not on the allowlist shown, not run, and no Markdown or HTML inside. */
export function safeTex(tex: string): string {
  let out = '';
  let at = 0;
  for (const m of tex.matchAll(/\\(?:(begin|end)\s*\{([^{}]*)\}|([A-Za-z]+)|([^A-Za-z]|$))/gs)) {
    out += dollars(tex.slice(at, m.index));
    at = m.index + m[0].length;
    const [all, env, envName, word, symbol] = m;
    if (env) out += ENVIRONMENTS.has(envName!.trim()) ? all : `\\backslash ${env}\\{${dollars(envName!)}\\}`;
    else if (word) out += ALLOWED.has(word) ? all : `\\backslash ${word}`;
    else if (symbol === '$') out += '\\char36 ';
    else if (symbol !== undefined && SYMBOL_OK.test(symbol)) out += all;
    else out += `\\backslash ${symbol ?? ''}`;
  }
  out += dollars(tex.slice(at));
  // Markdown read without math: "<" would open a tag or an autolink before "/ ! ?" or a name followed by a
  // space, "/", ">" or ":" (not in "a<b<c", nor before the closing "$"), "](" a link, and a line (of a display
  // formula) that opens with "[" a link definition.
  return out
    .replace(TAG_START, '< ')
    .replace(/\](?=\()/g, '] ')
    .replace(/(^|\n)([ \t]*)\[/g, '$1$2{}[');
}
