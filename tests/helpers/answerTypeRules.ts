/**
 * The rules that keep the web app's API types derived from the server's schemas (issue 20: "the
 * web app reads answers through types derived from the same schemas"; issue 34: requests too),
 * checked on the source with the TypeScript parser:
 *
 * 1. Every `apiRequest<T>()` / `postMultipart<T>()` in web/src names for T types imported from
 *    web/src/api/answers.ts only (no object type written at the call, no call without a type). A
 *    call that sends a body names its type second, `apiRequest<Answer, Body>()`, made of types
 *    imported from web/src/api/requests.ts only (or `FormData` for a multipart form).
 * 2. web/src/api/*.ts writes no interface or object type (a declaration, a parameter's type, an
 *    intersection's part), apart from the shapes listed in OWN_SHAPES (the web's own: none is an
 *    answer or a request body), answers.ts and requests.ts.
 * 3. answers.ts and requests.ts import types only, declare no interface, write no object type (but
 *    the open parts answers.ts gives to Narrowed<>), and each exported type reaches
 *    `Of<typeof ...>` (answers) or `In<typeof ...>` (requests) of a server schema.
 * 4. No file of web/src writes out a server enum: a union of string literals whose values are all
 *    choices of one of the server's enums (read at run time from the schemas answers.ts and
 *    requests.ts import, `serverChoiceLists()`) is refused; the type is read from those files.
 */
import path from "node:path";
import ts from "typescript";

export const WEB_SRC = path.resolve(import.meta.dir, "../../web/src");
export const WEB_API = path.join(WEB_SRC, "api");
export const ANSWERS_FILE = path.join(WEB_API, "answers.ts");
export const REQUESTS_FILE = path.join(WEB_API, "requests.ts");
const NARROWED_FILE = path.join(WEB_API, "narrowed.ts");

/** Shapes web/src/api may write by hand: each is what the web keeps or hands over, not an API body. */
export const OWN_SHAPES: Record<string, string> = {
  RequestOptions: "apiRequest's own options (client.ts)",
  OrganizationYear: "the year detail's cache, made of answer types (adminOrganisations.ts)",
  ExportRequest: "the options of an analysis export, sent as a RunBody (queries.ts)",
  EarlyHolder: "the page's global holding the reads its HTML started (earlyRequests.ts)",
  OwnProfileChange: "the own-profile dialog's change: OwnProfileData and the picture file (multipart)",
  StaffProfileChange: "the staff profile dialog's change: StaffProfileData and the picture file (multipart)",
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

/** The names a file imports from one module of web/src/api (answers.ts, requests.ts). */
function importsOf(file: string, source: ts.SourceFile, module: string): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (path.resolve(path.dirname(file), statement.moduleSpecifier.text) !== module) continue;
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

/** The type names a type argument is made of. */
function typeNamesOf(source: ts.SourceFile, node: ts.TypeNode): string[] {
  const names: string[] = [];
  walk(node, (inner) => {
    if (ts.isTypeReferenceNode(inner)) names.push(inner.typeName.getText(source));
  });
  return names;
}

/** Whether an apiRequest call's options (an object literal) send a body. */
const sendsBody = (call: ts.CallExpression) => {
  const options = call.arguments[1];
  return (
    options !== undefined &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (property) =>
        (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
        property.name.getText() === "body",
    )
  );
};

/** Rule 1: each call's answer type is made of answers.ts types, its body type of requests.ts types. */
function checkAnswerCalls(file: string, source: ts.SourceFile, problems: Problem[]) {
  const answers = importsOf(file, source, ANSWERS_FILE);
  const requests = importsOf(file, source, REQUESTS_FILE);
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    const callee = node.expression.text;
    if (!ANSWER_CALLS.has(callee)) return;
    const problem = (message: string) => problems.push({ file, line: lineOf(source, node), message });
    const [answerType, bodyType] = node.typeArguments ?? [];
    if (!answerType) return problem(`${callee}() without its answer type (a type from api/answers.ts)`);
    if (callee === "apiRequest" && (bodyType || sendsBody(node))) {
      const bodyNames = bodyType ? typeNamesOf(source, bodyType) : [];
      const multipart = bodyNames.length === 1 && bodyNames[0] === "FormData";
      const handWrittenBody = bodyNames.filter((name) => !requests.has(name));
      if (!bodyType) {
        problem(
          `apiRequest<${answerType.getText(source)}>() sends a body without its type (a type from api/requests.ts)`,
        );
      } else if (
        !multipart &&
        (bodyNames.length === 0 || handWrittenBody.length > 0 || contains(bodyType, isObjectTypeLiteral))
      ) {
        problem(
          `apiRequest<..., ${bodyType.getText(source)}>: a request body is typed by web/src/api/requests.ts only` +
            (handWrittenBody.length > 0 ? ` (${handWrittenBody.join(", ")} is not from there)` : ""),
        );
      }
    }
    const names = typeNamesOf(source, answerType);
    const handWritten = names.filter((name) => !answers.has(name));
    if (names.length === 0 || handWritten.length > 0 || contains(answerType, isObjectTypeLiteral)) {
      problem(
        `${callee}<${answerType.getText(source)}>: an answer is typed by web/src/api/answers.ts only` +
          (handWritten.length > 0 ? ` (${handWritten.join(", ")} is not from there)` : ""),
      );
    }
  });
}

/** Rule 2: web/src/api writes no answer or request shape of its own. */
function checkApiDeclarations(file: string, source: ts.SourceFile, problems: Problem[]) {
  const problem = (node: ts.Node, message: string) =>
    problems.push({ file, line: lineOf(source, node), message });
  for (const statement of source.statements) {
    const declaration =
      ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ? statement : undefined;
    if (declaration && declaration.name.text in OWN_SHAPES) continue;
    if (declaration && ts.isInterfaceDeclaration(declaration)) {
      problem(declaration, `${declaration.name.text} is a shape written by hand: ${WHERE_FROM}`);
      continue;
    }
    // An object type anywhere else: a type alias, a parameter's or a variable's type, a cast.
    const found: ts.Node[] = [];
    walk(statement, (inner) => {
      if (isObjectTypeLiteral(inner) && !found.some((outer) => contains(outer, (node) => node === inner))) {
        found.push(inner);
      }
    });
    for (const literal of found) {
      const name = declaration
        ? declaration.name.text
        : `{ ${literal.getText(source).slice(1, 40).trim()}... }`;
      problem(literal, `${name} is a shape written by hand: ${WHERE_FROM}`);
    }
  }
}

const WHERE_FROM =
  "derive an answer in api/answers.ts from server/http/answers, a request in api/requests.ts from the route's schema (or, for the web's own shape, list it in OWN_SHAPES)";

/** What answers.ts and requests.ts may import, and the helper each reads a server schema with. */
interface DerivingModule {
  mayImport: RegExp[];
  /** `Of` (answers: z.output) or `In` (requests: z.input). */
  reader: string;
  /** Where the schemas are: a namespace import from there is a server schema module. */
  schemasIn: RegExp;
  /** Object types allowed as Narrowed<>'s open parts (answers only). */
  narrows: boolean;
}

const ANSWERS_MODULE: DerivingModule = {
  mayImport: ANSWERS_MAY_IMPORT,
  reader: "Of",
  schemasIn: /\/server\/http\/answers\//,
  narrows: true,
};

/** requests.ts reads the schemas where the routes parse with them (route, form and reports modules). */
const REQUESTS_MODULE: DerivingModule = {
  mayImport: [/^zod$/, /^\.\.\/\.\.\/\.\.\/server\/[a-zA-Z/]+\.ts$/],
  reader: "In",
  schemasIn: /^\.\.\/\.\.\/\.\.\/server\//,
  narrows: false,
};

/** Rule 3: answers.ts and requests.ts only derive. */
function checkDerivingModule(
  file: string,
  source: ts.SourceFile,
  problems: Problem[],
  rules: DerivingModule,
) {
  const problem = (node: ts.Node, message: string) =>
    problems.push({ file, line: lineOf(source, node), message });
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  const serverNamespaces = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      if (!statement.importClause?.isTypeOnly) problem(statement, `imports ${from} for more than its types`);
      if (!rules.mayImport.some((allowed) => allowed.test(from))) problem(statement, `imports ${from}`);
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings) && rules.schemasIn.test(from)) {
        serverNamespaces.add(bindings.name.text);
      }
    } else if (ts.isInterfaceDeclaration(statement)) {
      problem(statement, `interface ${statement.name.text}: the API's types are derived, not declared`);
    } else if (ts.isTypeAliasDeclaration(statement)) {
      aliases.set(statement.name.text, statement);
    }
  }
  /** Object types are allowed only as the open parts given to Narrowed<Answer, {...}>. */
  const outsideNarrowed = (node: ts.Node): boolean => {
    if (rules.narrows && ts.isTypeReferenceNode(node) && node.typeName.getText(source) === "Narrowed") {
      return node.typeArguments?.[0] ? contains(node.typeArguments[0], isObjectTypeLiteral) : false;
    }
    if (isObjectTypeLiteral(node)) return true;
    let found = false;
    node.forEachChild((child) => {
      if (!found && outsideNarrowed(child)) found = true;
    });
    return found;
  };
  /** `Of<typeof customer.customerUser>`, `In<ReturnType<typeof x.bodyOf>>`: the server schema read. */
  const readsServerSchema = (node: ts.Node) =>
    contains(
      node,
      (inner) =>
        ts.isTypeReferenceNode(inner) &&
        inner.typeName.getText(source) === rules.reader &&
        inner.typeArguments?.[0] !== undefined &&
        contains(
          inner.typeArguments[0],
          (query) =>
            ts.isTypeQueryNode(query) && serverNamespaces.has(query.exprName.getText(source).split(".")[0]!),
        ),
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
      problem(alias, `${name} is not derived from a server schema (${rules.reader}<typeof ...>)`);
    }
  }
}

/** Every problem of one web source file, by the rules above. */
export function answerTypeProblems(file: string, text: string, choiceLists: string[][] = []): Problem[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems: Problem[] = [];
  checkAnswerCalls(file, source, problems);
  if (file === ANSWERS_FILE) checkDerivingModule(file, source, problems, ANSWERS_MODULE);
  else if (file === REQUESTS_FILE) checkDerivingModule(file, source, problems, REQUESTS_MODULE);
  else {
    if (path.dirname(file) === WEB_API && file !== NARROWED_FILE)
      checkApiDeclarations(file, source, problems);
    checkServerChoices(file, source, problems, choiceLists);
  }
  return problems;
}

/** Rule 4: a union of string literals that are all choices of one server enum (`"csv" | "xlsx"`). */
function checkServerChoices(file: string, source: ts.SourceFile, problems: Problem[], lists: string[][]) {
  if (lists.length === 0) return;
  walk(source, (node) => {
    if (!ts.isUnionTypeNode(node)) return;
    const values: string[] = [];
    for (const member of node.types) {
      if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal))
        values.push(member.literal.text);
      else if (ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword) continue;
      else if (member.kind === ts.SyntaxKind.UndefinedKeyword) continue;
      else return;
    }
    if (values.length < 2) return;
    const list = lists.find((choices) => values.every((value) => choices.includes(value)));
    if (!list) return;
    problems.push({
      file,
      line: lineOf(source, node),
      message: `${node.getText(source)} repeats the server's choices (${list.join(", ")}): read the type from api/requests.ts or api/answers.ts`,
    });
  });
}

type ZodLike = { _zod?: { def?: Record<string, unknown> } };

/**
 * The server's choice lists the web can meet: each enum (and union of literals) of the schemas that
 * web/src/api/answers.ts and requests.ts read, walked at run time from their modules' exports.
 */
export async function serverChoiceLists(): Promise<string[][]> {
  const specifiers = new Set<string>();
  for (const file of [ANSWERS_FILE, REQUESTS_FILE]) {
    const text = await Bun.file(file).text();
    for (const match of text.matchAll(/from "(\.\.\/\.\.\/\.\.\/(?:server|schemes)\/[^"]+)"/g)) {
      specifiers.add(path.resolve(WEB_API, match[1]!));
    }
  }
  const lists = new Map<string, string[]>();
  const seen = new Set<unknown>();
  const add = (values: unknown[]) => {
    const strings = values.filter((value): value is string => typeof value === "string");
    if (strings.length >= 2) lists.set([...strings].sort().join("\u0000"), strings);
  };
  const isSchema = (value: unknown): value is ZodLike =>
    typeof value === "object" && value !== null && "_zod" in value;
  const visit = (schema: ZodLike) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod?.def;
    if (!def) return;
    if (def.type === "enum") add(Object.values(def.entries as object));
    if (def.type === "literal") add(def.values as unknown[]);
    const options = (def.options ?? []) as ZodLike[];
    if (def.type === "union") {
      add(
        options.flatMap((option) => {
          const inner = option._zod?.def;
          if (inner?.type === "literal") return inner.values as unknown[];
          return inner?.type === "enum" ? Object.values(inner.entries as object) : [];
        }),
      );
    }
    const children = [
      ...["innerType", "in", "out", "element", "valueType", "keyType", "left", "right"].map(
        (key) => def[key],
      ),
      ...options,
      ...((def.items ?? []) as unknown[]),
      ...Object.values((def.shape ?? {}) as object),
    ];
    for (const child of children) if (isSchema(child)) visit(child);
  };
  for (const specifier of specifiers) {
    const module = (await import(specifier)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isSchema(value)) visit(value);
      // A record of schemas (one per kind) counts as its schemas.
      else if (typeof value === "object" && value !== null) {
        for (const inner of Object.values(value)) if (isSchema(inner)) visit(inner);
      }
    }
  }
  return [...lists.values()];
}
