import { Box } from '@mui/material';
import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

/** The only links release notes may carry: web pages and mail (no javascript:, data:, file: or relative links). */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

// html: false escapes any HTML written in the notes, so the output holds only the tags markdown-it makes itself
const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
// a link that fails this is left as its text
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());
// no images: the notes would make every viewer fetch from wherever they point (the CSP's img-src blocks most anyway)
markdown.disable('image');
// the notes sit under the page's h1 and the family's h2: their top heading (# or ##, as written) becomes an h3
markdown.core.ruler.push('release_notes_heading_level', (state) => {
  const headings = state.tokens.filter((t) => t.type === 'heading_open' || t.type === 'heading_close');
  const shift = 3 - Math.min(...headings.map((t) => Number(t.tag.slice(1))));
  for (const token of headings) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + shift)}`;
});
markdown.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]?.attrSet('target', '_blank');
  tokens[idx]?.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

/** Release notes (markdown as uploaded) as HTML: written HTML escaped, http(s) and mailto links only, no images. */
export const renderReleaseNotes = (notes: string): string => markdown.render(notes);

/** An image's release notes, formatted (headings, lists, emphasis, links, code). */
export function ReleaseNotes(props: { notes: string }) {
  const html = useMemo(() => renderReleaseNotes(props.notes), [props.notes]);
  return (
    <Box
      sx={{
        typography: 'body2',
        mt: 0.5,
        overflowWrap: 'anywhere',
        '& h3, & h4, & h5, & h6': { typography: 'subtitle2', mt: 1, mb: 0.5 },
        '& p': { my: 0.5 },
        '& ul, & ol': { my: 0.5, pl: 3 },
        '& a': { color: 'primary.main' },
        '& code': { fontFamily: 'monospace' },
        '& pre': { my: 0.5, overflowX: 'auto' },
        '& blockquote': { mx: 0, my: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
      }}
      // safe: markdown-it with html: false escapes written HTML, and its links pass SAFE_LINK (release-notes.test.tsx)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
