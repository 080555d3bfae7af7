// The first sentence of a help text (the rest is in the title tooltip). English ends a sentence
// with `.`, `!` or `?` before a space. Japanese ends one with `。` outside brackets (an interval
// such as `(0, 1]` counts as a pair); its texts keep English abbreviations such as `Fig. 6` and
// `et al.`, which must not end one.

export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.includes('。')) {
    let depth = 0;
    for (let i = 0; i < flat.length; i++) {
      const c = flat[i];
      if (c === '(' || c === '（' || c === '[') depth++;
      else if ((c === ')' || c === '）' || c === ']') && depth > 0) depth--;
      else if (c === '。' && depth === 0) return flat.slice(0, i + 1);
    }
    return flat;
  }
  const m = /^(.+?[.!?])(\s|$)/.exec(flat);
  return m?.[1] ?? flat;
}
