import { createRequire } from 'node:module';
import type QRCodeModule from 'qrcode';

// Required with the first code: only the processes that render tickets (the worker, the ticket pages) load it.
const require = createRequire(import.meta.url);
let qrcode: typeof QRCodeModule | undefined;

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrMatrix {
  /** Modules across (and down). */
  size: number;
  /** Row by row, 1 for a dark module. */
  modules: Uint8Array;
}

/**
 * A QR code's modules, the same as `qrcode` builds them (the test compares them bit for bit), in a fraction of
 * the time. `qrcode` chooses the data mask the standard's way, trying all eight on its matrix through a
 * function call per module, which was most of what a ticket mail cost. Here the symbol is built once with
 * mask 0; each other mask is the same symbol with its data modules flipped where the two masks differ, and
 * the penalty rules (ISO/IEC 18004 section 7.8.3, as `qrcode` counts them) run on a plain byte array.
 */
export function qrMatrix(text: string, level: QrLevel): QrMatrix {
  qrcode ??= require('qrcode') as typeof QRCodeModule;
  const { modules: symbol } = qrcode.create(text, { errorCorrectionLevel: level, maskPattern: 0 });
  const { size } = symbol;
  const layout = layoutOf(size, symbol.reservedBit);
  const candidate = new Uint8Array(size * size);
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    masked(symbol.data, layout, mask, level, candidate);
    const penalty = penaltyOf(candidate, size);
    if (penalty < lowest) {
      lowest = penalty;
      best = mask;
    }
  }
  masked(symbol.data, layout, best, level, candidate);
  return { size, modules: candidate };
}

interface Layout {
  /** Per mask, 1 where it differs from mask 0 on a data module: XOR turns the mask-0 symbol into that mask's. */
  flips: Uint8Array[];
  /** Where the 15 format bits go, twice (bit i at `formatCells[i]` and `formatCells[15 + i]`). */
  formatCells: Int32Array;
}

// One layout per symbol size: the function patterns, and so the data modules, depend on the version alone.
const layouts = new Map<number, Layout>();

function layoutOf(size: number, reserved: Uint8Array): Layout {
  const known = layouts.get(size);
  if (known) return known;
  const flips = Array.from({ length: 8 }, (_, mask) => {
    const flip = new Uint8Array(size * size);
    for (let row = 0; row < size; row++)
      for (let column = 0; column < size; column++) {
        const at = row * size + column;
        if (!reserved[at] && maskBit(mask, row, column) !== maskBit(0, row, column)) flip[at] = 1;
      }
    return flip;
  });
  const formatCells = new Int32Array(30);
  for (let i = 0; i < 15; i++) {
    const verticalRow = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    const horizontalColumn = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    formatCells[i] = verticalRow * size + 8;
    formatCells[15 + i] = 8 * size + horizontalColumn;
  }
  const layout = { flips, formatCells };
  layouts.set(size, layout);
  return layout;
}

function maskBit(mask: number, row: number, column: number): boolean {
  switch (mask) {
    case 0:
      return (row + column) % 2 === 0;
    case 1:
      return row % 2 === 0;
    case 2:
      return column % 3 === 0;
    case 3:
      return (row + column) % 3 === 0;
    case 4:
      return (Math.floor(row / 2) + Math.floor(column / 3)) % 2 === 0;
    case 5:
      return ((row * column) % 2) + ((row * column) % 3) === 0;
    case 6:
      return (((row * column) % 2) + ((row * column) % 3)) % 2 === 0;
    default:
      return (((row * column) % 3) + ((row + column) % 2)) % 2 === 0;
  }
}

/** The mask-0 symbol turned into `mask`'s, format information included, written into `into`. */
function masked(symbol: Uint8Array, layout: Layout, mask: number, level: QrLevel, into: Uint8Array): void {
  const flip = layout.flips[mask]!;
  for (let at = 0; at < symbol.length; at++) into[at] = symbol[at]! ^ flip[at]!;
  const bits = formatBits(level, mask);
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    into[layout.formatCells[i]!] = bit;
    into[layout.formatCells[15 + i]!] = bit;
  }
}

const levelBits: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** The 15 format bits: level and mask, their BCH(15,5) check bits, XORed with 101010000010010 (section 7.9). */
export function formatBits(level: QrLevel, mask: number): number {
  const data = (levelBits[level] << 3) | mask;
  let remainder = data << 10;
  const generator = 0b10100110111;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= generator << (bit - 10);
  return ((data << 10) | remainder) ^ 0b101010000010010;
}

/** N1 + N2 + N3 + N4, counted as `qrcode` counts them (mask-pattern.js), so both choose the same mask. */
function penaltyOf(m: Uint8Array, size: number): number {
  let lines = 0;
  for (let line = 0; line < size; line++)
    lines += linePenalty(m, line * size, 1, size) + linePenalty(m, line, size, size);
  let blocks = 0;
  let dark = 0;
  for (let row = 0; row < size - 1; row++) {
    let at = row * size;
    let left = m[at]! + m[at + size]!;
    dark += m[at]!;
    for (let column = 1; column < size; column++) {
      at++;
      dark += m[at]!;
      const right = m[at]! + m[at + size]!;
      const sum = left + right;
      if (sum === 0 || sum === 4) blocks++;
      left = right;
    }
  }
  for (let at = (size - 1) * size; at < size * size; at++) dark += m[at]!;
  const deviation = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
  return lines + blocks * 3 + deviation * 10;
}

/** N1 (runs of five or more) and N3 (1:1:3:1:1 beside four light modules) along one row or column. */
function linePenalty(m: Uint8Array, first: number, step: number, size: number): number {
  let points = 0;
  let last = -1;
  let run = 0;
  let bits = 0;
  for (let i = 0, at = first; i < size; i++, at += step) {
    const module = m[at]!;
    if (module === last) run++;
    else {
      if (run >= 5) points += run - 2;
      last = module;
      run = 1;
    }
    bits = ((bits << 1) & 0x7ff) | module;
    if (i >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += 40;
  }
  if (run >= 5) points += run - 2;
  return points;
}
