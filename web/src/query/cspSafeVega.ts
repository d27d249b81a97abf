import { expressionInterpreter } from "vega-interpreter";

/**
 * Vega compiles its expressions (signals, filters, formulas, tooltips) with `new Function` unless it
 * is given an interpreter. The page's Content-Security-Policy has no 'unsafe-eval' (and must not),
 * so every Vega view - query charts and the back office's usage chart - is parsed to an AST
 * (`ast: true`) and evaluated by vega-interpreter (`expr`): spread into vega-embed's options (the usage
 * chart), given to parse and View (the query charts, VegaChart.tsx).
 */
export const CSP_SAFE_VEGA = { ast: true, expr: expressionInterpreter } as const;
