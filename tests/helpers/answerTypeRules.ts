/**
 * The rules that keep the web app's answer types derived from the server's answer schemas
 * (issue 20: "the web app reads answers through types derived from the same schemas"), checked on
 * the source with the TypeScript parser:
 *
 * 1. Every `apiRequest<T>()` / `postMultipart<T>()` in web/src names for T types imported from
 *    web/src/api/answers.ts only (no object type written at the call, no call without a type).
 * 2. web/src/api/*.ts declares no interface or object type, apart from the request shapes listed in
 *    REQUEST_SHAPES (what the web sends is not an answer) and answers.ts itself.
 * 3. answers.ts imports types only, declares no interface, writes no object type except the open
 *    parts given to Narrowed<>, and each exported type reaches `Of<typeof ...>` of a server schema.
 */
import path from "node:path";
import ts from "typescript";

export const WEB_SRC = path.resolve(import.meta.dir, "../../web/src");
export const WEB_API = path.join(WEB_SRC, "api");
export const ANSWERS_FILE = path.join(WEB_API, "answers.ts");
const NARROWED_FILE = path.join(WEB_API, "narrowed.ts");

/** Shapes web/src/api may declare by hand: each is what the web sends or keeps, not an answer. */
export const REQUEST_SHAPES: Record<string, string> = {
  RequestOptions: "apiRequest's own options (client.ts)",
  OrganizationYear: "the year detail's cache, made of answer types (adminOrganisations.ts)",
  OrganizationFields: "the body of POST/PATCH .../customer/organization/",
  NewCustomerUser: "the body of POST .../customer/detail/",
  CustomerUserChange: "the body of PATCH .../customer/detail/",
  ExportRequest: "the options of an analysis export",
  SaveQueryRequest: "the body of POST .../queries/save/",
  SubscriptionFields: "the body of the report-subscription calls",
  AuditFilters: "the query string of the audit trail calls (.../audit/)",
};

/** Imports answers.ts may have besides the server's answer modules: zod and the open parts' shapes. */
const ANSWERS_MAY_IMPORT = [
  /^zod$/,
  /^\.\.\/\.\.\/\.\.\/server\/http\/answers\/[a-z]+\.ts$/,
  /^\.\/narrowed\.ts$/,
  /^\.\.\/query\/types\.ts$/,
  /^\.\.\/\.\.\/\.\.\/schemes\/validation_global\/scheme\.ts$/,
];

const ANSWER_CALLS = new Set(["apiRequest", "postMultipart"]);

export interface Problem {
  file: string;
  line: number;
  message: string;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const contains = (node: ts.Node, test: (node: ts.Node) => boolean) => {
  let found = false;
  walk(node, (inner) => {
    if (!found && test(inner)) found = true;
  });
  return found;
};

/** An object type written out: `{ a: string }` (a mapped type `{ [K in ...]: ... }` is not one). */
const isObjectTypeLiteral = (node: ts.Node) => ts.isTypeLiteralNode(node) && node.members.length > 0;

/** The names a file imports from web/src/api/answers.ts. */
function answerImportsOf(file: string, source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (path.resolve(path.dirname(file), statement.moduleSpecifier.text) !== ANSWERS_FILE) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.add(element.name.text);
    }
  }
  return names;
}

function lineOf(source: ts.SourceFile, node: ts.Node) {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** Rule 1: each answer call's type argument is made of answers.ts types only. */
function checkAnswerCalls(file: string, source: ts.SourceFile, problems: Problem[]) {
  const answers = answerImportsOf(file, source);
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    const callee = node.expression.text;
    if (!ANSWER_CALLS.has(callee)) return;
    const problem = (message: string) => problems.push({ file, line: lineOf(source, node), message });
    const [answerType] = node.typeArguments ?? [];
    if (!answerType) return problem(`${callee}() without its answer type (a type from api/answers.ts)`);
    const names: string[] = [];
    walk(answerType, (inner) => {
      if (ts.isTypeReferenceNode(inner)) names.push(inner.typeName.getText(source));
    });
    const handWritten = names.filter((name) => !answers.has(name));
    if (names.length === 0 || handWritten.length > 0 || contains(answerType, isObjectTypeLiteral)) {
      problem(
        `${callee}<${answerType.getText(source)}>: an answer is typed by web/src/api/answers.ts only` +
          (handWritten.length > 0 ? ` (${handWritten.join(", ")} is not from there)` : ""),
      );
    }
  });
}

/** Rule 2: web/src/api declares no answer shape of its own. */
function checkApiDeclarations(file: string, source: ts.SourceFile, problems: Problem[]) {
  for (const statement of source.statements) {
    const declared =
      ts.isInterfaceDeclaration(statement) ||
      (ts.isTypeAliasDeclaration(statement) && contains(statement.type, isObjectTypeLiteral));
    if (!declared) continue;
    const name = (statement as ts.InterfaceDeclaration | ts.TypeAliasDeclaration).name.text;
    if (name in REQUEST_SHAPES) continue;
    problems.push({
      file,
      line: lineOf(source, statement),
      message: `${name} is a shape written by hand: derive it in api/answers.ts from server/http/answers (or, for a request body, list it in REQUEST_SHAPES)`,
    });
  }
}

/** Rule 3: answers.ts only derives. */
function checkAnswersModule(file: string, source: ts.SourceFile, problems: Problem[]) {
  const problem = (node: ts.Node, message: string) =>
    problems.push({ file, line: lineOf(source, node), message });
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  const serverNamespaces = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      if (!statement.importClause?.isTypeOnly) problem(statement, `imports ${from} for more than its types`);
      if (!ANSWERS_MAY_IMPORT.some((allowed) => allowed.test(from))) problem(statement, `imports ${from}`);
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings) && from.includes("/server/http/answers/")) {
        serverNamespaces.add(bindings.name.text);
      }
    } else if (ts.isInterfaceDeclaration(statement)) {
      problem(statement, `interface ${statement.name.text}: answers are derived, not declared`);
    } else if (ts.isTypeAliasDeclaration(statement)) {
      aliases.set(statement.name.text, statement);
    }
  }
  /** Object types are allowed only as the open parts given to Narrowed<Answer, {...}>. */
  const outsideNarrowed = (node: ts.Node): boolean => {
    if (ts.isTypeReferenceNode(node) && node.typeName.getText(source) === "Narrowed") {
      return node.typeArguments?.[0] ? contains(node.typeArguments[0], isObjectTypeLiteral) : false;
    }
    if (isObjectTypeLiteral(node)) return true;
    let found = false;
    node.forEachChild((child) => {
      if (!found && outsideNarrowed(child)) found = true;
    });
    return found;
  };
  /** `Of<typeof customer.customerUser>`: the server schema a type is read from. */
  const readsServerSchema = (node: ts.Node) =>
    contains(
      node,
      (inner) =>
        ts.isTypeReferenceNode(inner) &&
        inner.typeName.getText(source) === "Of" &&
        inner.typeArguments?.[0] !== undefined &&
        ts.isTypeQueryNode(inner.typeArguments[0]) &&
        serverNamespaces.has(inner.typeArguments[0].exprName.getText(source).split(".")[0]!),
    );
  const derived = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, alias] of aliases) {
      if (derived.has(name)) continue;
      const fromOther = contains(
        alias.type,
        (inner) => ts.isTypeReferenceNode(inner) && derived.has(inner.typeName.getText(source)),
      );
      if (readsServerSchema(alias.type) || fromOther) {
        derived.add(name);
        changed = true;
      }
    }
  }
  for (const [name, alias] of aliases) {
    if (outsideNarrowed(alias.type)) problem(alias, `${name} writes an object type outside Narrowed<>`);
    const exported = alias.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && !derived.has(name)) {
      problem(alias, `${name} is not derived from a server answer schema (Of<typeof ...>)`);
    }
  }
}

/** Every problem of one web source file, by the rules above. */
export function answerTypeProblems(file: string, text: string): Problem[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems: Problem[] = [];
  checkAnswerCalls(file, source, problems);
  if (file === ANSWERS_FILE) checkAnswersModule(file, source, problems);
  else if (path.dirname(file) === WEB_API && file !== NARROWED_FILE) {
    checkApiDeclarations(file, source, problems);
  }
  return problems;
}
