// local/no-import-cycle: no module may import, through any chain of relative imports, a module that
// imports it back. Type-only imports count too: a cycle of types still ties the files into one knot
// that cannot be read, moved or tested one at a time.
//
// The graph is read from disk with TypeScript's import pre-scan (ts.preProcessFile: no full parse),
// once per process, and split into strongly connected components (Tarjan): an import is reported when
// its target lies in the importing file's own component. One lint run reads each file once.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs'];
const SOURCE = /\.(?:ts|tsx|js|mjs)$/;

/** The file a relative or root-absolute specifier names, or null (a package, or nothing there). */
function resolveSpecifier(spec, fromFile, root) {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return null;
  const bare = spec.replace(/[?#].*$/, '');
  const base = bare.startsWith('/') ? resolve(root, `.${bare}`) : resolve(dirname(fromFile), bare);
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), resolve(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** Per process: each file's resolved imports, and the component each file lies in. */
const importsOf = new Map();
const componentOf = new Map();

function importsFromText(file, text, root) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolveSpecifier(fileName, file, root);
    if (target !== null && target !== file) targets.add(target);
  }
  return [...targets];
}

function imports(file, root) {
  let targets = importsOf.get(file);
  if (targets === undefined) {
    targets = SOURCE.test(file) ? importsFromText(file, readFileSync(file, 'utf8'), root) : [];
    importsOf.set(file, targets);
  }
  return targets;
}

/** Tarjan's strongly connected components over every file reachable from `start`. */
function assignComponents(start, root) {
  let index = 0;
  const indexOf = new Map();
  const lowOf = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    indexOf.set(file, index);
    lowOf.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of imports(file, root)) {
      if (componentOf.has(target)) continue;
      if (!indexOf.has(target)) {
        visit(target);
        lowOf.set(file, Math.min(lowOf.get(file), lowOf.get(target)));
      } else if (onStack.has(target)) {
        lowOf.set(file, Math.min(lowOf.get(file), indexOf.get(target)));
      }
    }
    if (lowOf.get(file) === indexOf.get(file)) {
      const component = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.add(member);
      } while (member !== file);
      for (const each of component) componentOf.set(each, component);
    }
  };
  visit(start);
}

/** The shortest chain of imports from `from` back to `to`, inside their component. */
function chain(from, to, component, root) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of imports(file, root)) {
      if (!component.has(target) || previous.has(target)) continue;
      previous.set(target, file);
      queue.push(target);
    }
  }
  const path = [];
  for (let file = to; file !== null && file !== undefined; file = previous.get(file))
    path.unshift(relative(root, file));
  return path.join(' → ');
}

/**
 * The rule, for a repository rooted at `root` (root-absolute specifiers such as '/src/…' resolve there).
 * @param {string} root
 * @returns {import('eslint').Rule.RuleModule}
 */
export function noImportCycle(root) {
  return {
    meta: {
      type: 'problem',
      schema: [],
      messages: {
        cycle: 'Import cycle: {{chain}}. Move what both sides need into a third module that imports neither.',
      },
    },
    create(context) {
      const file = context.physicalFilename;
      if (!SOURCE.test(file)) return {};
      // The file as linted (an editor's buffer may be ahead of the disk).
      importsOf.set(file, importsFromText(file, context.sourceCode.text, root));
      if (!componentOf.has(file)) assignComponents(file, root);
      const component = componentOf.get(file);
      if (component.size === 1) return {};
      /** @param {any} node */
      const check = (node) => {
        const source = node.source;
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        const target = resolveSpecifier(source.value, file, root);
        if (target === null || !component.has(target)) return;
        context.report({
          node: source,
          messageId: 'cycle',
          data: { chain: `${relative(root, file)} → ${chain(target, file, component, root)}` },
        });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
