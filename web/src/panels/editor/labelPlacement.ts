// Where the diagram's link labels go: beside each link's middle, inside the drawing, and never on
// top of another label. A label that cannot find room in a few steps away from its link is
// shortened (the full text stays in its tooltip). Pure geometry, in CSS pixels.

export interface LabelWish {
  /** The middle of the link and the unit normal pointing away from the diagram's centre. */
  x: number;
  y: number;
  nx: number;
  ny: number;
  full: string;
  short: string;
}

export interface PlacedLabel {
  x: number;
  y: number;
  text: string;
  shortened: boolean;
}

/** Approximate width of `text` at 12 px in the system sans-serif (digits and letters ≈ 6.7 px). */
export function textWidth(text: string, px = 12): number {
  return text.length * px * 0.56 + 4;
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Place every label in a `width` × `height` drawing, avoiding `obstacles` (the nodes) and the
 * labels placed before it. `px`: the font size.
 */
export function placeLabels(
  wishes: LabelWish[],
  width: number,
  height: number,
  obstacles: Box[] = [],
  px = 12,
): PlacedLabel[] {
  const taken: Box[] = [...obstacles];
  const h = px + 4;
  const boxAt = (x: number, y: number, w: number): Box => ({
    x0: x - w / 2,
    x1: x + w / 2,
    y0: y - h / 2,
    y1: y + h / 2,
  });
  const clampX = (x: number, w: number) => Math.min(width - w / 2 - 2, Math.max(w / 2 + 2, x));
  const clampY = (y: number) => Math.min(height - h / 2 - 1, Math.max(h / 2 + 1, y));
  return wishes.map((wish) => {
    for (const [text, shortened] of [
      [wish.full, false],
      [wish.short, true],
    ] as const) {
      const w = textWidth(text, px);
      for (const away of [13, 13 + h, -13, 13 + 2 * h, -13 - h]) {
        const x = clampX(wish.x + wish.nx * away, w);
        const y = clampY(wish.y + wish.ny * away);
        const box = boxAt(x, y, w);
        if (!taken.some((b) => overlaps(b, box))) {
          taken.push(box);
          return { x, y, text, shortened };
        }
      }
    }
    // No room anywhere: the short text at the first place, inside the drawing.
    const w = textWidth(wish.short, px);
    const x = clampX(wish.x + wish.nx * 13, w);
    const y = clampY(wish.y + wish.ny * 13);
    taken.push(boxAt(x, y, w));
    return { x, y, text: wish.short, shortened: true };
  });
}
