// jsdom computes an element's style by testing every rule of every style sheet against it (style-rules.js, through
// its selector engine's `check`). antd's CSS-in-JS puts thousands of rules in the page, and Testing Library asks
// for computed styles all the time (`*ByRole` checks each candidate and its ancestors for display:none, and the
// accessible name reads the style of every descendant): a profile of a console file spent about 70% of its CPU
// there (docs/testing.md, "Where the time goes").
//
// This puts a cheap, exact pre-check in front of `check`: a rule whose selector's last compound needs a class the
// element does not have cannot match, so the answer is "no match" without running the selector engine. Any selector
// the pre-check cannot read for certain (escapes, a selector list with an alternative that needs no class) goes to
// the engine unchanged, so every computed style is the same as before.

type CheckResult = { match: boolean; pseudoElement: string | null };
type Check = (selector: string, node: ElementImpl, opt?: object) => CheckResult;
type ElementImpl = { nodeType: number; getAttributeNS(namespace: string | null, name: string): string | null };

/** Each alternative of a selector list: the classes its last compound requires; null when one cannot be read. */
export function requiredClasses(selector: string): string[][] | null {
  if (selector.includes('\\')) return null;
  const alternatives: string[][] = [];
  let depth = 0;
  let quote = '';
  let compound = '';
  const close = () => {
    const classes = [...compound.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1] as string);
    alternatives.push(classes);
    compound = '';
  };
  for (const char of selector.trim()) {
    if (quote) {
      if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0) {
      if (char === ',') close();
      // A combinator starts a new compound: only the last one must match the element itself.
      else if (/[\s>+~]/.test(char)) compound = '';
      else compound += char;
    }
  }
  if (quote || depth !== 0) return null;
  close();
  return alternatives.some((classes) => classes.length === 0) ? null : alternatives;
}

const implOf = (document: Document): { _domSelector?: { check: Check } } | undefined => {
  const symbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  return symbol ? (document as unknown as Record<symbol, { _domSelector?: { check: Check } }>)[symbol] : undefined;
};

/** Installs the pre-check on this document's selector engine (jsdom only; elsewhere it does nothing). */
export function filterStyleRules(document: Document): void {
  const engine = implOf(document)?._domSelector;
  // Class names match case-sensitively only in no-quirks mode.
  if (!engine || typeof engine.check !== 'function' || document.compatMode !== 'CSS1Compat') return;
  const check = engine.check;
  const selectors = new Map<string, string[][] | null>();
  const noMatch: CheckResult = { match: false, pseudoElement: null };
  engine.check = (selector, node, opt) => {
    let alternatives = selectors.get(selector);
    if (alternatives === undefined) {
      alternatives = requiredClasses(selector);
      selectors.set(selector, alternatives);
    }
    if (alternatives && node?.nodeType === 1) {
      const own = new Set((node.getAttributeNS(null, 'class') ?? '').split(/[\t\n\f\r ]+/));
      if (!alternatives.some((classes) => classes.every((name) => own.has(name)))) return { ...noMatch };
    }
    return check(selector, node, opt);
  };
}
