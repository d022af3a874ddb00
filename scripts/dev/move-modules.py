#!/usr/bin/env python3
"""Move modules and rewrite every relative specifier that points at them.

Usage: move-modules.py mapping.json   ({"server/services/cart.ts": "server/services/cart/cart.ts", ...})

Every quoted string starting with ./ or ../ in the repository's .ts/.tsx/.mts/.mjs/.js files is resolved
from its file's folder; if it names a moved file, it is rewritten to the new place; in a moved file,
every such string naming a file or folder that exists is rewritten from the file's new folder. Then
`git mv` moves the files. Paths in Markdown and comments (server/services/x.ts) are rewritten as text.
"""
import json, os, re, subprocess, sys

root = subprocess.check_output(['git', 'rev-parse', '--show-toplevel'], text=True).strip()
os.chdir(root)
mapping = json.load(open(sys.argv[1]))
mapping = {os.path.normpath(k): os.path.normpath(v) for k, v in mapping.items()}
files = subprocess.check_output(['git', 'ls-files'], text=True).split('\n')
code = [f for f in files if re.search(r'\.(ts|tsx|mts|mjs|js|cjs)$', f)]
texts = [f for f in files if f.endswith('.md') or f in code]

spec_re = re.compile(r"""(['"`])(\.\.?/[^'"`\n]*)\1""")

def rel(from_dir, target, trailing):
    r = os.path.relpath(target, from_dir)
    if not r.startswith('.'):
        r = './' + r
    return r + ('/' if trailing and not r.endswith('/') else '')

changed = 0
for f in code:
    src = open(f, encoding='utf-8').read()
    old_dir = os.path.dirname(f)
    new_dir = os.path.dirname(mapping.get(f, f))
    moved_self = f in mapping

    def fix(m):
        q, s = m.group(1), m.group(2)
        trailing = s.endswith('/')
        target = os.path.normpath(os.path.join(old_dir, s))
        if target in mapping:
            return q + rel(new_dir, mapping[target], trailing) + q
        if moved_self and os.path.exists(target):
            return q + rel(new_dir, target, trailing) + q
        return m.group(0)

    out = spec_re.sub(fix, src)
    if out != src:
        open(f, 'w', encoding='utf-8').write(out)
        changed += 1

# Paths named in prose and comments.
for f in texts:
    src = open(f, encoding='utf-8').read()
    out = src
    for old, new in mapping.items():
        out = re.sub(r'(?<![\w/.-])' + re.escape(old) + r'(?![\w.-])', new, out)
        # "services/cart.ts" without the server/ prefix
        short_old = old.split('/', 1)[1]
        short_new = new.split('/', 1)[1]
        out = re.sub(r'(?<![\w/.-])' + re.escape(short_old) + r'(?![\w.-])', short_new, out)
    if out != src:
        open(f, 'w', encoding='utf-8').write(out)
        changed += 1

for old, new in mapping.items():
    os.makedirs(os.path.dirname(new), exist_ok=True)
    subprocess.check_call(['git', 'mv', old, new])
print(f'rewrote {changed} files, moved {len(mapping)}')
