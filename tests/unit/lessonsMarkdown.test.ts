// Lesson text is untrusted: Markdown rendering must never produce markup or script from it.
import { describe, expect, it } from 'vitest';
import {
  lessonBlocks,
  lessonTitle,
  renderInline,
  renderMarkdown,
} from '../../web/src/lessons/markdown';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://example.org"></iframe>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(1))',
  '![pixel](https://tracker.example/p.png)',
  '$\\href{javascript:alert(1)}{x}$',
  '$\\htmlClass{x}{y}$',
  '<a href="javascript:alert(1)">x</a>',
  '<div onclick="alert(1)">x</div>',
  '<svg/onload=alert(1)>',
];

describe('lesson Markdown', () => {
  it.each(HOSTILE)('renders %s without live markup', (text) => {
    for (const html of [renderMarkdown(text), renderInline(text)]) {
      // Real tags only (escaped text reads &lt;…): none dangerous, no handler, no source, no
      // script URL.
      const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)];
      for (const [, name = '', attrs = ''] of tags) {
        expect(name.toLowerCase(), html).not.toMatch(
          /^(script|img|iframe|svg|div|object|embed|style|link)$/,
        );
        expect(attrs, html).not.toMatch(/\son[a-z]+\s*=/i);
        expect(attrs, html).not.toMatch(/\ssrc\s*=/i);
        expect(attrs, html).not.toMatch(/href\s*=\s*"?\s*(javascript|vbscript|data):/i);
      }
    }
  });

  it('aligns table columns by class, never by a style attribute', () => {
    const html = renderMarkdown('| a | b |\n|:-|--:|\n| 1 | 2 |');
    expect(html).toContain('<th class="align-left">a</th>');
    expect(html).toContain('<td class="align-right">2</td>');
    expect(html).not.toContain('style=');
  });

  it('escapes raw HTML as text', () => {
    expect(renderMarkdown('<b>x</b>')).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('renders math with KaTeX, inline and display', () => {
    const html = renderMarkdown('Mean $\\tfrac{3}{4} W$.\n\n$$J = \\frac{a}{b}$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('display="block"');
    // MathML only: no inline style attributes, which the site's CSP would refuse.
    expect(html).toContain('<math');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('keeps ordinary links, with rel=noopener', () => {
    expect(renderMarkdown('[RFC](https://www.rfc-editor.org/rfc/rfc5681)')).toContain(
      '<a href="https://www.rfc-editor.org/rfc/rfc5681" rel="noopener noreferrer">RFC</a>',
    );
  });

  it('splits widgets on their own lines and leaves inline braces alone', () => {
    const blocks = lessonBlocks(
      '# T\n\nText {{scenario: a}} inline.\n\n{{scenario: main}}\n\n {{ question : q1 }} \n\nEnd',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['html', 'scenario', 'question', 'html']);
    expect(blocks[1]).toEqual({ kind: 'scenario', name: 'main' });
    expect(blocks[2]).toEqual({ kind: 'question', id: 'q1' });
    expect(lessonTitle('intro\n# The title\n')).toBe('The title');
  });
});
