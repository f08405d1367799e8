/**
 * Fava's document plugins.
 * - fava.plugins.link_documents: every directive with metadata `document…` (a key starting with
 *   "document") naming a file is linked to the document directives of that file: those whose
 *   file name is the value and whose account the directive uses, or whose path is the value
 *   resolved against the declaring file's directory. The documents get the link and the tag
 *   #linked, a transaction gets the link too; a value matching no document is a DocumentError on
 *   the directive. The link is 8 hex digits of a hash of the directive's position (Fava hashes
 *   the entry's fields); stable across reloads, unique per directive.
 * - fava.plugins.tag_discovered_documents: tags #discovered the documents Beancount found in the
 *   `documents` option's folders (Fava: the Document entries at line 0, when the option is set);
 *   the discovery itself runs first in the plugin stage (discover-documents.ts), as in Beancount.
 */
import { createHash } from 'node:crypto';
import * as nodePath from 'node:path';
import type { DirectiveAst, DocumentAst } from '../ast';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';
import { accountsOfDirective } from './util';
import { DISCOVERED } from './discover-documents';

const addTo = (xs: string[], x: string) => (xs.includes(x) ? xs : [...xs, x]);

export const linkDocumentsPlugin: PluginDef = {
  module: 'fava.plugins.link_documents',
  config: 'none',
  description: "links directives with 'document' metadata to the document directives of those files (tag #linked)",
  transform: (directives, _c, run) => {
    const byPath = new Map<string, number[]>();
    const byBase = new Map<string, number[]>();
    directives.forEach((d, i) => {
      if (d.type !== 'document') return;
      const abs = nodePath.resolve(nodePath.dirname(d.src.file), d.filename);
      const push = (m: Map<string, number[]>, k: string) => (m.get(k) ?? m.set(k, []).get(k)!).push(i);
      push(byPath, abs);
      push(byBase, nodePath.basename(d.filename));
    });
    const out: DirectiveAst[] = directives.slice();
    directives.forEach((d, i) => {
      const values = d.meta.filter((m) => m.key.startsWith('document') && m.text !== '').map((m) => m.text);
      if (values.length === 0) return;
      const link = createHash('md5').update(`${d.src.file}\u0000${d.src.start}`).digest('hex').slice(0, 8);
      const accounts = new Set(accountsOfDirective(d));
      for (const v of values) {
        const found = new Set((byBase.get(v) ?? []).filter((j) => accounts.has((directives[j] as DocumentAst).account)));
        for (const j of byPath.get(nodePath.normalize(nodePath.resolve(nodePath.dirname(d.src.file), v))) ?? []) found.add(j);
        if (found.size === 0) {
          run.errors.push(PluginErrors.documentNotFound({ src: d.src, date: d.date }, v));
          continue;
        }
        for (const j of found) {
          const doc = out[j] as DocumentAst;
          out[j] = { ...doc, links: addTo(doc.links, link), tags: addTo(doc.tags, 'linked') };
        }
        const cur = out[i];
        if (cur.type === 'transaction') out[i] = { ...cur, links: addTo(cur.links, link) };
      }
    });
    return out;
  },
};

export const tagDiscoveredDocumentsPlugin: PluginDef = {
  module: 'fava.plugins.tag_discovered_documents',
  config: 'none',
  description: "tags #discovered the documents found in the `documents` option's folders",
  transform: (directives, _c, run) => {
    let out: DirectiveAst[] | null = null;
    directives.forEach((d, i) => {
      if (d.type !== 'document' || !DISCOVERED.has(d) || d.tags.includes('discovered')) return;
      // The copy keeps the id salt of the discovered document (its position is line 0 of the
      // main file, which a written directive may share) and stays a discovered document.
      const tagged = run.made<DocumentAst>({ ...d, tags: [...d.tags, 'discovered'] }, 'document:' + d.filename);
      DISCOVERED.add(tagged);
      (out ??= directives.slice())[i] = tagged;
    });
    return out ?? directives;
  },
};
