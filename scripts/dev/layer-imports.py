#!/usr/bin/env python3
"""Rewrite src/'s and server/'s deep imports of engine/ and shop/ (and shop/'s of engine/) to their public entries.

    python3 scripts/dev/layer-imports.py          # rewrite, then format the touched files with Biome
    python3 scripts/dev/layer-imports.py --check  # list deep imports, change nothing (exit 1 if any)
    python3 scripts/dev/layer-imports.py --commit MESSAGE  # also commit the rewrite of the committed
                                                  # files alone (HEAD + this rewrite), leaving a shared
                                                  # checkout's uncommitted edits by others uncommitted

Re-runnable: it also adds to engine/index.ts and shop/index.ts an `export * from` line for any module
that a barrel does not name yet (a module added since), so a rewritten import always finds its name.
`import type` stays `import type`: only the module specifier changes. Biome's organizeImports (run by
`biome check --write` on the touched files) then merges two imports of the same entry into one.
Tests (test/) and scripts may keep importing internals and are not touched.
"""

import os
import re
import subprocess
import sys
import tempfile

# LAYER_IMPORTS_ROOT: the tree to rewrite (the scratch worktree of --commit), else this checkout.
ROOT = os.environ.get('LAYER_IMPORTS_ROOT') or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAYERS = ('engine', 'shop')
CONSUMERS = ('src', 'server', 'shop')  # shop/ imports the engine through its entry too
EXTENSIONS = ('.ts', '.tsx', '.mts', '.mjs')
# Static imports and re-exports: `from '…'`, `import '…'`. Dynamic `import('…')` is left alone on
# purpose (a lazy chunk boundary is a choice to make by hand); the lint reports it if it crosses.
SPECIFIER = re.compile(r"""(\bfrom\s+|^\s*import\s+)(['"])(\.{1,2}/[^'"]+)\2""", re.M)


def layer_of(path):
    rel = os.path.relpath(path, ROOT)
    top = rel.split(os.sep)[0]
    return top if top in LAYERS else None


def barrel_members(layer):
    """The layer's modules a barrel re-exports: top-level files, and a sub-folder by its own index.ts
    if it has one (else by each file)."""
    base = os.path.join(ROOT, layer)
    members = []
    for name in sorted(os.listdir(base)):
        full = os.path.join(base, name)
        if os.path.isdir(full):
            if os.path.exists(os.path.join(full, 'index.ts')):
                members.append(f'./{name}/index.ts')
            else:
                for sub in sorted(os.listdir(full)):
                    if sub.endswith('.ts') and not sub.endswith(('.d.ts', '.test.ts')):
                        members.append(f'./{name}/{sub}')
        elif name.endswith('.ts') and name != 'index.ts' and not name.endswith('.d.ts'):
            members.append(f'./{name}')
    return members


def complete_barrel(layer):
    path = os.path.join(ROOT, layer, 'index.ts')
    text = open(path, encoding='utf8').read()
    missing = [m for m in barrel_members(layer) if f"'{m}'" not in text]
    if missing:
        text = text.rstrip('\n') + '\n' + ''.join(f"export * from '{m}';\n" for m in missing)
        open(path, 'w', encoding='utf8').write(text)
        print(f'{layer}/index.ts: added {", ".join(missing)}')
    return path if missing else None


def rewrite_text(path, text):
    """`text` (the file at `path`) with its deep imports pointed at the entries, and the deep ones."""
    deep = []

    def replace(match):
        target = os.path.normpath(os.path.join(os.path.dirname(path), match.group(3)))
        layer = layer_of(target)
        entry = os.path.join(ROOT, layer, 'index.ts') if layer else None
        if layer is None or target == entry or layer == layer_of(path):
            return match.group(0)  # not a layer, the entry itself, or a module of the same layer
        deep.append(match.group(3))
        spec = os.path.relpath(entry, os.path.dirname(path)).replace(os.sep, '/')
        if not spec.startswith('.'):
            spec = './' + spec
        return f'{match.group(1)}{match.group(2)}{spec}{match.group(2)}'

    return SPECIFIER.sub(replace, text), deep


def rewrite(path, check):
    new, deep = rewrite_text(path, open(path, encoding='utf8').read())
    if deep and not check:
        open(path, 'w', encoding='utf8').write(new)
    return deep


def git(*args, cwd=ROOT):
    return subprocess.run(['git', *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def commit_alone(message):
    """Commit this rewrite of the committed tree only, in a shared checkout where others have edits
    they have not committed: rewrite a scratch worktree of HEAD, commit it there, move the branch to
    that commit (rebasing it if someone committed meanwhile), then mark the rewritten paths as
    committed here too. The index is never left holding this change for someone else's commit."""
    branch = git('symbolic-ref', '--short', 'HEAD').strip()
    work = tempfile.mkdtemp(prefix='layer-imports-')
    git('worktree', 'add', '--detach', work, 'HEAD')
    try:
        os.symlink(os.path.join(ROOT, 'node_modules'), os.path.join(work, 'node_modules'))
        subprocess.run([sys.executable, os.path.abspath(__file__)], cwd=work, check=True, env={**os.environ, 'LAYER_IMPORTS_ROOT': work})
        os.remove(os.path.join(work, 'node_modules'))
        if not git('status', '--porcelain', cwd=work).strip():
            print('nothing to commit')
            return
        git('add', '-A', '.', cwd=work)
        git('commit', '-q', '-m', message, cwd=work)
        for _attempt in range(5):
            base = git('rev-parse', branch).strip()
            git('rebase', '-q', base, cwd=work)
            new = git('rev-parse', 'HEAD', cwd=work).strip()
            try:
                git('update-ref', f'refs/heads/{branch}', new, base)
                break
            except subprocess.CalledProcessError:
                continue  # someone committed in between: rebase onto theirs and try again
        else:
            sys.exit('could not move the branch: commit left in ' + new)
        paths = git('diff', '--name-only', 'HEAD~1', 'HEAD', cwd=work).split()
        git('reset', '-q', '--', *paths)
        print(f'committed {new[:7]} ({len(paths)} files)')
    finally:
        git('worktree', 'remove', '--force', work)


def main():
    check = '--check' in sys.argv
    if '--commit' in sys.argv:
        # The committed tree first (alone), then this checkout's files, others' edits and all.
        commit_alone(sys.argv[sys.argv.index('--commit') + 1])
    touched = []
    if not check:
        touched += [p for p in (complete_barrel(layer) for layer in LAYERS) if p]
    count = 0
    for consumer in CONSUMERS:
        for dirpath, _dirs, files in os.walk(os.path.join(ROOT, consumer)):
            for name in files:
                if not name.endswith(EXTENSIONS):
                    continue
                path = os.path.join(dirpath, name)
                deep = rewrite(path, check)
                if deep:
                    count += len(deep)
                    touched.append(path)
                    if check:
                        print(f'{os.path.relpath(path, ROOT)}: {", ".join(deep)}')
    print(f'{count} deep import(s) in {len(touched)} file(s){"" if check else " rewritten"}')
    if check:
        sys.exit(1 if count else 0)
    if touched:
        # organizeImports merges the now-equal specifiers and sorts them; the formatter re-wraps.
        subprocess.run(['npx', 'biome', 'check', '--write', *touched], cwd=ROOT, check=False)


if __name__ == '__main__':
    main()
