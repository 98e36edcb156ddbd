/** A preset's name in the page's language; an operator's own preset keeps the label it was given (issue 41). */
export function presetName(t: (key: string, options?: Record<string, unknown>) => string, p: { name: string; label: string }) {
  return t(`presetNames.${p.name}`, { defaultValue: p.label });
}
