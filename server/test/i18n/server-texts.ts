// Finds, with the TypeScript checker, every text the server code writes for people: the
// messages and field messages of `new HttpError(...)`, the messages given to `errorBody(...)`,
// `message:` properties holding a known text (e.g. `data: { message: ... }`) and the templates
// given to `fill(...)`. A message whose text the checker cannot know is reported, so every
// server text stays a literal (or a union of literals, or a fill() template) that a catalog can hold.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerTexts {
  texts: Set<string>;
  /** Places whose message text cannot be known statically. */
  unknown: string[];
}

function literalTexts(checker: ts.TypeChecker, node: ts.Expression): string[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const parts = type.isUnion() ? type.types : [type];
  const texts = parts.map((t) => (t.isStringLiteral() ? t.value : undefined));
  return texts.every((t): t is string => t !== undefined) ? texts : undefined;
}

/**
 * The texts an expression can produce: string literal types, `fill('…', …)` templates, both
 * branches of `a ? b : c`, and the result of a small arrow function returning one of these.
 * Undefined when some branch cannot be known.
 */
function textsOf(checker: ts.TypeChecker, node: ts.Expression): string[] | undefined {
  if (ts.isParenthesizedExpression(node)) return textsOf(checker, node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = textsOf(checker, node.whenTrue);
    const b = textsOf(checker, node.whenFalse);
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isCallExpression(node)) {
    if (ts.isIdentifier(node.expression) && node.expression.text === 'fill') {
      const first = node.arguments[0];
      return first && ts.isStringLiteralLike(first) ? [first.text] : undefined;
    }
    const decl = checker.getSymbolAtLocation(node.expression)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
      const fn = decl.initializer;
      if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return textsOf(checker, fn.body);
    }
  }
  return literalTexts(checker, node);
}

export function collectServerTexts(): ServerTexts {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(SERVER, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('cannot read server/tsconfig.json');
  const files = config.fileNames.filter(
    (f) => f.startsWith(SERVER) && !f.includes(`${path.sep}test${path.sep}`),
  );
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const texts = new Set<string>();
  const unknown: string[] = [];

  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(SERVER, sf.fileName)}:${line + 1}`;
  };
  const take = (node: ts.Expression, required: boolean) => {
    const found = textsOf(checker, node);
    if (found) found.forEach((t) => texts.add(t));
    else if (required) unknown.push(`${where(node)}: ${node.getText()}`);
  };

  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'HttpError') {
      const [, message, fields] = node.arguments ?? [];
      if (message) take(message, true);
      if (fields && ts.isObjectLiteralExpression(fields)) {
        for (const p of fields.properties)
          if (ts.isPropertyAssignment(p)) take(p.initializer, true);
      }
    } else if (ts.isCallExpression(node)) {
      const name = node.expression.getText();
      if (name === 'errorBody' && node.arguments[1]) take(node.arguments[1], false);
      if (name === 'fill') take(node, false);
    } else if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === 'message' &&
      !ts.isObjectLiteralExpression(node.initializer)
    ) {
      take(node.initializer, false);
    }
    ts.forEachChild(node, visit);
  };
  for (const sf of program.getSourceFiles()) if (files.includes(sf.fileName)) visit(sf);
  return { texts, unknown };
}
