/**
 * Stylised food shapes as SVG fragments. Each draws a cluster around
 * (cx, cy) within `r`, in the visual's colour and accent, with positions and
 * angles from the seeded random source.
 */
import type { FoodKind, FoodVisual } from './palette.js';
import type { Random } from './random.js';

/** A number as SVG wants it: one decimal, no '-0'. */
export const fmt = (n: number): string => {
  const rounded = Math.round(n * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

export interface ShapeContext {
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly visual: FoodVisual;
  readonly random: Random;
}

const at = (x: number, y: number, angle = 0) =>
  `translate(${fmt(x)} ${fmt(y)})${angle === 0 ? '' : ` rotate(${fmt(angle)})`}`;

/** A smooth, slightly irregular blob of radius about `r`. */
export function blobPath(
  cx: number,
  cy: number,
  r: number,
  random: Random,
  wobble = 0.12,
): string {
  const count = 9;
  const points = Array.from({ length: count }, (_, index) => {
    const angle = (index / count) * Math.PI * 2;
    const radius = r * (1 + random.between(-wobble, wobble));
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius];
  });
  const mid = (a: number[], b: number[]) => [
    ((a[0] ?? 0) + (b[0] ?? 0)) / 2,
    ((a[1] ?? 0) + (b[1] ?? 0)) / 2,
  ];
  const last = points[count - 1] ?? [cx, cy];
  const first = points[0] ?? [cx, cy];
  const start = mid(last, first);
  let d = `M${fmt(start[0] ?? cx)} ${fmt(start[1] ?? cy)}`;
  for (let index = 0; index < count; index += 1) {
    const point = points[index] ?? first;
    const next = mid(point, points[(index + 1) % count] ?? first);
    d += `Q${fmt(point[0] ?? cx)} ${fmt(point[1] ?? cy)} ${fmt(next[0] ?? cx)} ${fmt(next[1] ?? cy)}`;
  }
  return `${d}Z`;
}

const leaf = (
  x: number,
  y: number,
  length: number,
  width: number,
  angle: number,
  color: string,
  accent: string,
) => {
  const l = fmt(length);
  const w = fmt(width);
  const h = fmt(length / 2);
  return (
    `<g transform="${at(x, y, angle)}">` +
    `<path d="M0 -${l}C${w} -${h} ${w} ${h} 0 ${l}C-${w} ${h} -${w} -${h} 0 -${l}Z" fill="${color}"/>` +
    `<path d="M0 -${fmt(length * 0.8)}V${fmt(length * 0.9)}" stroke="${accent}" stroke-width="1.5" fill="none"/>` +
    `</g>`
  );
};

/** Points scattered in the cluster. */
const scatter = (context: ShapeContext, count: number, inset: number) =>
  Array.from({ length: count }, () => {
    const point = context.random.inCircle(Math.max(0, context.r - inset));
    return { x: context.cx + point.x, y: context.cy + point.y };
  });

type Shape = (context: ShapeContext) => string;

const leaves: Shape = (context) => {
  const { r, random, visual } = context;
  return scatter(context, 9, r * 0.3)
    .map(({ x, y }) =>
      leaf(
        x,
        y,
        r * 0.42,
        r * 0.22,
        random.between(0, 360),
        visual.color,
        visual.accent,
      ),
    )
    .join('');
};

const herbs: Shape = (context) => {
  const { random, visual } = context;
  return scatter(context, 14, 8)
    .map(({ x, y }) =>
      leaf(x, y, 7, 4, random.between(0, 360), visual.color, visual.accent),
    )
    .join('');
};

const round: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.3;
  return scatter(context, random.int(5, 7), size * 0.8)
    .map(({ x, y }) => {
      const s = size * random.between(0.85, 1.1);
      return (
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s)}" fill="${visual.color}"/>` +
        `<circle cx="${fmt(x - s * 0.35)}" cy="${fmt(y - s * 0.35)}" r="${fmt(s * 0.28)}" fill="${visual.accent}" opacity="0.55"/>`
      );
    })
    .join('');
};

const discs: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.3;
  return scatter(context, random.int(6, 8), size * 0.8)
    .map(({ x, y }) => {
      const s = size * random.between(0.85, 1.05);
      return (
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s)}" fill="${visual.accent}"/>` +
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s * 0.82)}" fill="${visual.color}"/>` +
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s * 0.3)}" fill="${visual.accent}" opacity="0.25"/>`
      );
    })
    .join('');
};

const rings: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.32;
  return scatter(context, random.int(4, 5), size)
    .map(({ x, y }) => {
      const s = size * random.between(0.75, 1.1);
      return (
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s)}" fill="none" stroke="${visual.color}" stroke-width="${fmt(s * 0.28)}"/>` +
        `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(s * 1.14)}" fill="none" stroke="${visual.accent}" stroke-width="1.2" opacity="0.7"/>`
      );
    })
    .join('');
};

const strips: Shape = (context) => {
  const { r, random, visual } = context;
  const base = random.between(0, 180);
  return scatter(context, random.int(6, 8), r * 0.25)
    .map(({ x, y }) => {
      const length = r * random.between(0.7, 0.95);
      const width = r * 0.16;
      return (
        `<rect x="${fmt(-length / 2)}" y="${fmt(-width / 2)}" width="${fmt(length)}" height="${fmt(width)}" rx="${fmt(width / 2)}" ` +
        `fill="${visual.color}" stroke="${visual.accent}" stroke-width="1.5" transform="${at(x, y, base + random.between(-25, 25))}"/>`
      );
    })
    .join('');
};

const wedges: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.38;
  return scatter(context, random.int(3, 4), size * 0.6)
    .map(({ x, y }) => {
      const a = fmt(size);
      return (
        `<path d="M-${a} 0A${a} ${a} 0 0 1 ${a} 0Z" fill="${visual.color}" stroke="${visual.accent}" stroke-width="${fmt(size * 0.14)}" ` +
        `stroke-linejoin="round" transform="${at(x, y, random.between(0, 360))}"/>`
      );
    })
    .join('');
};

const florets: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.2;
  return scatter(context, random.int(4, 5), size * 1.6)
    .map(({ x, y }) => {
      const angle = random.between(0, 360);
      const s = fmt(size);
      return (
        `<g transform="${at(x, y, angle)}">` +
        `<rect x="${fmt(-size * 0.25)}" y="0" width="${fmt(size * 0.5)}" height="${fmt(size * 1.4)}" rx="${fmt(size * 0.2)}" fill="${visual.accent}"/>` +
        `<circle cx="${fmt(-size * 0.55)}" cy="${fmt(-size * 0.1)}" r="${s}" fill="${visual.color}"/>` +
        `<circle cx="${fmt(size * 0.55)}" cy="${fmt(-size * 0.1)}" r="${s}" fill="${visual.color}"/>` +
        `<circle cx="0" cy="${fmt(-size * 0.7)}" r="${s}" fill="${visual.color}"/>` +
        `</g>`
      );
    })
    .join('');
};

const mushrooms: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.3;
  return scatter(context, random.int(4, 5), size)
    .map(({ x, y }) => {
      const s = fmt(size);
      return (
        `<g transform="${at(x, y, random.between(-40, 40))}">` +
        `<path d="M-${s} 0A${s} ${fmt(size * 0.8)} 0 0 1 ${s} 0Z" fill="${visual.color}" stroke="${visual.accent}" stroke-width="2"/>` +
        `<rect x="${fmt(-size * 0.3)}" y="-1" width="${fmt(size * 0.6)}" height="${fmt(size * 0.8)}" rx="${fmt(size * 0.15)}" fill="${visual.color}" stroke="${visual.accent}" stroke-width="2"/>` +
        `</g>`
      );
    })
    .join('');
};

const beans: Shape = (context) => {
  const { r, random, visual } = context;
  const size = Math.max(4, r * 0.1);
  return scatter(context, random.int(22, 28), size)
    .map(({ x, y }) => {
      const angle = random.between(0, 180);
      return (
        `<ellipse cx="0" cy="0" rx="${fmt(size * 1.25)}" ry="${fmt(size * 0.85)}" fill="${visual.color}" ` +
        `stroke="${visual.accent}" stroke-width="1" transform="${at(x, y, angle)}"/>`
      );
    })
    .join('');
};

const chunks: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.3;
  return scatter(context, random.int(7, 9), size * 0.6)
    .map(({ x, y }) => {
      const s = size * random.between(0.8, 1.05);
      return (
        `<rect x="${fmt(-s / 2)}" y="${fmt(-s / 2)}" width="${fmt(s)}" height="${fmt(s)}" rx="${fmt(s * 0.22)}" ` +
        `fill="${visual.color}" stroke="${visual.accent}" stroke-width="2" transform="${at(x, y, random.between(0, 90))}"/>`
      );
    })
    .join('');
};

const slab: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const angle = random.between(-30, 30);
  const width = r * 0.5;
  const height = r * 1.4;
  const slices = [-1, 0, 1].map((offset) => {
    const x = offset * width * 0.78;
    const marks = [-0.25, 0.1, 0.45]
      .map(
        (t) =>
          `<path d="M${fmt(x - width * 0.35)} ${fmt(t * height - 6)}L${fmt(x + width * 0.35)} ${fmt(t * height + 6)}" stroke="${visual.accent}" stroke-width="3" stroke-linecap="round" opacity="0.55"/>`,
      )
      .join('');
    return (
      `<rect x="${fmt(x - width / 2)}" y="${fmt(-height / 2)}" width="${fmt(width)}" height="${fmt(height)}" rx="${fmt(width * 0.35)}" ` +
      `fill="${visual.color}" stroke="${visual.accent}" stroke-width="2"/>${marks}`
    );
  });
  return `<g transform="${at(cx, cy, angle)}">${slices.join('')}</g>`;
};

const crumble: Shape = (context) => {
  const { random, visual } = context;
  return scatter(context, 26, 8)
    .map(({ x, y }, index) => {
      const s = random.between(5, 10);
      const color = index % 3 === 0 ? visual.accent : visual.color;
      return `<path d="${blobPath(x, y, s, random, 0.3)}" fill="${color}"/>`;
    })
    .join('');
};

const fillet: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const width = r * 1.5;
  const height = r * 0.85;
  const stripes = [-0.3, -0.1, 0.1, 0.3]
    .map(
      (t) =>
        `<path d="M${fmt(t * width - 10)} ${fmt(-height * 0.38)}L${fmt(t * width + 10)} ${fmt(height * 0.38)}" stroke="${visual.accent}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`,
    )
    .join('');
  return (
    `<g transform="${at(cx, cy, random.between(-25, 25))}">` +
    `<rect x="${fmt(-width / 2)}" y="${fmt(-height / 2)}" width="${fmt(width)}" height="${fmt(height)}" rx="${fmt(height * 0.45)}" fill="${visual.color}"/>` +
    `${stripes}</g>`
  );
};

const shrimp: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.24;
  return scatter(context, random.int(4, 5), size * 1.2)
    .map(({ x, y }) => {
      const s = fmt(size);
      return (
        `<g transform="${at(x, y, random.between(0, 360))}">` +
        `<path d="M-${s} 0A${s} ${s} 0 1 1 ${fmt(size * 0.3)} ${fmt(size * 0.95)}" fill="none" stroke="${visual.color}" stroke-width="${fmt(size * 0.7)}" stroke-linecap="round"/>` +
        `<path d="M-${s} 0A${s} ${s} 0 1 1 ${fmt(size * 0.3)} ${fmt(size * 0.95)}" fill="none" stroke="${visual.accent}" stroke-width="1.5" stroke-dasharray="3 5"/>` +
        `</g>`
      );
    })
    .join('');
};

const shells: Shape = (context) => {
  const { r, random, visual } = context;
  const size = r * 0.3;
  return scatter(context, random.int(5, 6), size)
    .map(({ x, y }) => {
      const angle = random.between(0, 360);
      return (
        `<g transform="${at(x, y, angle)}">` +
        `<ellipse rx="${fmt(size)}" ry="${fmt(size * 0.55)}" fill="${visual.color}"/>` +
        `<ellipse rx="${fmt(size * 0.62)}" ry="${fmt(size * 0.3)}" fill="${visual.accent}"/>` +
        `</g>`
      );
    })
    .join('');
};

const egg: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const yolk = r * 0.32;
  const x = cx + random.between(-r * 0.1, r * 0.1);
  const y = cy + random.between(-r * 0.1, r * 0.1);
  return (
    `<path d="${blobPath(cx, cy, r * 0.8, random, 0.14)}" fill="${visual.color}" stroke="#eadfc4" stroke-width="2"/>` +
    `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(yolk)}" fill="${visual.accent}"/>` +
    `<circle cx="${fmt(x - yolk * 0.35)}" cy="${fmt(y - yolk * 0.35)}" r="${fmt(yolk * 0.25)}" fill="#fff" opacity="0.6"/>`
  );
};

const cheese: Shape = (context) => {
  const { random, visual } = context;
  return scatter(context, 16, 8)
    .map(({ x, y }) => {
      const s = random.between(7, 12);
      return (
        `<rect x="${fmt(-s / 2)}" y="${fmt(-s / 2)}" width="${fmt(s)}" height="${fmt(s * 0.8)}" rx="2" fill="${visual.color}" ` +
        `stroke="${visual.accent}" stroke-width="1" transform="${at(x, y, random.between(0, 90))}"/>`
      );
    })
    .join('');
};

const dollop: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const size = r * 0.55;
  return (
    `<path d="${blobPath(cx, cy, size, random, 0.15)}" fill="${visual.color}" stroke="${visual.accent}" stroke-width="2"/>` +
    `<path d="M${fmt(cx - size * 0.45)} ${fmt(cy)}Q${fmt(cx)} ${fmt(cy - size * 0.6)} ${fmt(cx + size * 0.4)} ${fmt(cy - size * 0.1)}" ` +
    `fill="none" stroke="${visual.accent}" stroke-width="3" stroke-linecap="round"/>`
  );
};

const bread: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const w = r * 0.45;
  const h = r * 0.55;
  const slice = (x: number, y: number, angle: number) =>
    `<path d="M${fmt(-w)} ${fmt(h)}L${fmt(-w)} ${fmt(-h * 0.3)}Q${fmt(-w)} ${fmt(-h)} ${fmt(-w * 0.45)} ${fmt(-h)}Q0 ${fmt(-h * 1.3)} ${fmt(w * 0.45)} ${fmt(-h)}` +
    `Q${fmt(w)} ${fmt(-h)} ${fmt(w)} ${fmt(-h * 0.3)}L${fmt(w)} ${fmt(h)}Z" fill="${visual.color}" stroke="${visual.accent}" stroke-width="6" ` +
    `stroke-linejoin="round" transform="${at(x, y, angle)}"/>`;
  return (
    slice(cx - w * 0.45, cy, random.between(-20, -5)) +
    slice(cx + w * 0.45, cy + 4, random.between(5, 20))
  );
};

const tortilla: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const a = fmt(r * 0.85);
  const dots = Array.from({ length: 7 }, () => {
    const x = random.between(-r * 0.55, r * 0.55);
    const y = random.between(-r * 0.18, -r * 0.04);
    return `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r * 0.08)}" fill="${random.next() < 0.5 ? '#d63b2f' : '#4e9a3c'}"/>`;
  }).join('');
  return (
    `<g transform="${at(cx, cy, random.between(-20, 20))}">${dots}` +
    `<path d="M-${a} 0A${a} ${a} 0 0 0 ${a} 0Z" fill="${visual.color}" stroke="${visual.accent}" stroke-width="3"/></g>`
  );
};

const sprinkle: Shape = (context) => {
  const { random, visual } = context;
  return scatter(context, 18, 6)
    .map(({ x, y }) => {
      const s = random.between(3, 5);
      return (
        `<ellipse cx="0" cy="0" rx="${fmt(s * 1.4)}" ry="${fmt(s)}" fill="${visual.color}" stroke="${visual.accent}" stroke-width="0.8" ` +
        `transform="${at(x, y, random.between(0, 180))}"/>`
      );
    })
    .join('');
};

// Bases cover the middle of the plate.

const rice: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const grains = Array.from({ length: 70 }, () => {
    const point = random.inCircle(r * 0.92);
    return (
      `<ellipse rx="4" ry="1.8" fill="${visual.accent}" opacity="0.7" ` +
      `transform="${at(cx + point.x, cy + point.y, random.between(0, 180))}"/>`
    );
  }).join('');
  return `<path d="${blobPath(cx, cy, r, random, 0.06)}" fill="${visual.color}" stroke="${visual.accent}" stroke-opacity="0.5" stroke-width="2"/>${grains}`;
};

const noodles: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const strands = Array.from({ length: 16 }, () => {
    const p = [0, 1, 2, 3].map(() => random.inCircle(r * 0.9));
    const [a, b, c, d] = p.map(({ x, y }) => `${fmt(cx + x)} ${fmt(cy + y)}`);
    return `<path d="M${a}C${b} ${c} ${d}" fill="none" stroke="${visual.color}" stroke-width="6" stroke-linecap="round"/>`;
  }).join('');
  return (
    `<path d="${blobPath(cx, cy, r, random, 0.06)}" fill="${visual.accent}" opacity="0.45"/>` +
    strands
  );
};

const pasta: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  const pieces = Array.from({ length: 18 }, () => {
    const point = random.inCircle(r * 0.82);
    return (
      `<rect x="-14" y="-5.5" width="28" height="11" rx="5" fill="${visual.color}" stroke="${visual.accent}" stroke-width="1.5" ` +
      `transform="${at(cx + point.x, cy + point.y, random.between(0, 180))}"/>`
    );
  }).join('');
  return (
    `<path d="${blobPath(cx, cy, r, random, 0.06)}" fill="${visual.color}" opacity="0.35"/>` +
    pieces
  );
};

const porridge: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  return (
    `<path d="${blobPath(cx, cy, r, random, 0.04)}" fill="${visual.color}"/>` +
    `<path d="M${fmt(cx - r * 0.5)} ${fmt(cy)}Q${fmt(cx)} ${fmt(cy - r * 0.55)} ${fmt(cx + r * 0.45)} ${fmt(cy - r * 0.05)}` +
    `Q${fmt(cx + r * 0.1)} ${fmt(cy + r * 0.45)} ${fmt(cx - r * 0.2)} ${fmt(cy + r * 0.1)}" fill="none" stroke="${visual.accent}" stroke-width="4" stroke-linecap="round"/>`
  );
};

const sauce: Shape = (context) => {
  const { cx, cy, r, random, visual } = context;
  return (
    `<path d="${blobPath(cx, cy, r, random, 0.1)}" fill="${visual.color}"/>` +
    `<path d="${blobPath(cx - r * 0.2, cy - r * 0.25, r * 0.25, random, 0.2)}" fill="#fff" opacity="0.12"/>`
  );
};

const SHAPES: Readonly<Record<FoodKind, Shape>> = {
  rice,
  noodles,
  pasta,
  porridge,
  sauce,
  bread,
  tortilla,
  leaves,
  round,
  discs,
  rings,
  strips,
  wedges,
  florets,
  mushrooms,
  beans,
  chunks,
  slab,
  crumble,
  fillet,
  shrimp,
  shells,
  egg,
  cheese,
  dollop,
  herbs,
  sprinkle,
};

/** Draws one food cluster. */
export function drawFood(context: ShapeContext): string {
  return SHAPES[context.visual.kind](context);
}
