// Lesson Markdown → HTML. Lesson text and links are untrusted: raw HTML is off (markdown-it
// escapes it), images are off (no request to another site), link targets go through
// markdown-it's validateLink (no javascript:, vbscript:, file: or data:), and math goes through
// KaTeX with `trust: false` (no \href, \url, \htmlClass…), as MathML. `$…$` is inline math, `$$…$$` display.
// Widget lines `{{scenario: NAME}}` and `{{question: ID}}` split the text into blocks; text
// between `{{after: ID ID…}}` and `{{/after}}` is shown only once those questions are answered.
import katex from 'katex';
import MarkdownItFactory from 'markdown-it';
import type { MarkdownIt, StateInline } from 'markdown-it';

function renderMath(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxExpand: 200,
    maxSize: 20,
    // MathML, drawn by the browser: KaTeX's HTML output needs inline style attributes and
    // data: fonts, both of which the site's Content-Security-Policy refuses.
    output: 'mathml',
  });
}

function mathRule(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  if (src.charCodeAt(state.pos) !== 0x24 /* $ */) return false;
  const display = src.charCodeAt(state.pos + 1) === 0x24;
  const open = display ? 2 : 1;
  const close = src.indexOf(display ? '$$' : '$', state.pos + open);
  if (close < 0 || close === state.pos + open) return false;
  if (!silent) {
    const token = state.push(display ? 'math_display' : 'math_inline', 'math', 0);
    token.content = src.slice(state.pos + open, close);
  }
  state.pos = close + open;
  return true;
}

function makeParser(): MarkdownIt {
  const md = MarkdownItFactory({ html: false, linkify: false, typographer: false });
  md.disable(['image']);
  md.inline.ruler.after('escape', 'math', mathRule);
  md.renderer.rules.math_inline = (tokens, i) => renderMath(tokens[i]?.content ?? '', false);
  md.renderer.rules.math_display = (tokens, i) => renderMath(tokens[i]?.content ?? '', true);
  const linkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    tokens[i]?.attrSet('rel', 'noopener noreferrer');
    return linkOpen
      ? linkOpen(tokens, i, options, env, self)
      : self.renderToken(tokens, i, options);
  };
  // Column alignment as a class: markdown-it writes style="text-align:…", which the CSP refuses.
  md.core.ruler.push('align_class', (state) => {
    for (const t of state.tokens) {
      const align = /^text-align:(left|center|right)$/.exec(String(t.attrGet('style') ?? ''))?.[1];
      if (!align) continue;
      t.attrs = (t.attrs ?? []).filter(([k]) => k !== 'style');
      t.attrJoin('class', `align-${align}`);
    }
  });
  return md;
}

const md = makeParser();

/** Markdown → safe HTML. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}

/** One line of Markdown (a question's prompt) → safe inline HTML. */
export function renderInline(text: string): string {
  return md.renderInline(text);
}

export type LessonBlock =
  | { kind: 'html'; html: string }
  | { kind: 'scenario'; name: string }
  | { kind: 'question'; id: string }
  | { kind: 'after'; ids: string[]; blocks: LessonBlock[] };

const WIDGET = /^\{\{\s*(scenario|question)\s*:\s*([A-Za-z0-9_-]+)\s*\}\}\s*$/;
const AFTER = /^\{\{\s*after\s*:\s*([A-Za-z0-9_, -]+)\}\}\s*$/;
const AFTER_END = /^\{\{\s*\/after\s*\}\}\s*$/;

/** Split a lesson into rendered prose and widgets (a widget is a line of its own). */
export function lessonBlocks(text: string): LessonBlock[] {
  const top: LessonBlock[] = [];
  let blocks = top;
  let prose: string[] = [];
  const flush = () => {
    if (prose.join('').trim() !== '')
      blocks.push({ kind: 'html', html: renderMarkdown(prose.join('\n')) });
    prose = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    const after = AFTER.exec(t);
    if (after && blocks === top) {
      flush();
      const inner: LessonBlock[] = [];
      const ids = (after[1] ?? '').split(/[\s,]+/).filter((x) => x !== '');
      top.push({ kind: 'after', ids, blocks: inner });
      blocks = inner;
      continue;
    }
    if (AFTER_END.test(t) && blocks !== top) {
      flush();
      blocks = top;
      continue;
    }
    const m = WIDGET.exec(t);
    if (!m) {
      prose.push(line);
      continue;
    }
    flush();
    const [, kind, name = ''] = m;
    blocks.push(kind === 'scenario' ? { kind: 'scenario', name } : { kind: 'question', id: name });
  }
  flush();
  return top;
}

/** Every block, with those inside `after` sections (for checks that look at all the text). */
export function allBlocks(blocks: LessonBlock[]): LessonBlock[] {
  return blocks.flatMap((b) => (b.kind === 'after' ? [b, ...allBlocks(b.blocks)] : [b]));
}

/** The lesson's title: its first `# ` heading. */
export function lessonTitle(text: string): string | null {
  const m = /^#\s+(.+)$/m.exec(text);
  return m?.[1]?.trim() ?? null;
}
