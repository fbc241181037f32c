// Checks for values typed in settings (pure; tested); the base URL's is shared/base-url.ts.

/** Early feedback only ("sk-" and no spaces); main applies its own, authoritative check. */
export function isKeyFormat(key: string): boolean {
  return /^sk-\S+$/.test(key.trim());
}

export function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
